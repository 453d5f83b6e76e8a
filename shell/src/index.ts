// "bootstrap" names the chunk so the shell's split (tooling/federation.cjs hostSplitChunks) can find it.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
