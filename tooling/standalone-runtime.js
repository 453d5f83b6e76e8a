// The federation runtime for a remote's production standalone page, where no shell provides one: remotes build
// with `experiments.externalRuntime` and read @module-federation/runtime-core from this global (the same one
// the shell's provideExternalRuntime sets), so this script runs before the remote's main.js.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
