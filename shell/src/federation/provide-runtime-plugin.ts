import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// The ES module build, the very instance the shell's own federation runtime runs on. (The package's
// inject-external-runtime-core-plugin requires the CommonJS build, which put a second copy in main.js.)
import * as runtimeCore from '@module-federation/runtime/core';

type RuntimeGlobal = typeof globalThis & { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: unknown };

/**
 * Provides the shell's federation runtime to the remotes, which build with `experiments.externalRuntime`
 * (tooling/federation.cjs) and read it from this global instead of bundling ~80 KiB each. It runs before
 * the shell's federation instance initialises, so before any remote entry can load.
 */
export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'meridian-provide-runtime',
    beforeInit(args) {
      const global = globalThis as RuntimeGlobal;
      if (!global._FEDERATION_RUNTIME_CORE) {
        global._FEDERATION_RUNTIME_CORE = runtimeCore;
        global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name };
      }
      return args;
    },
  };
}
