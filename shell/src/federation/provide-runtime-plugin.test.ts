import * as runtimeCore from '@module-federation/runtime/core';
import provideRuntimePlugin from './provide-runtime-plugin';

type RuntimeGlobal = typeof globalThis & { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: unknown };
const global = globalThis as RuntimeGlobal;

describe('provideRuntimePlugin', () => {
  afterEach(() => {
    delete global._FEDERATION_RUNTIME_CORE;
    delete global._FEDERATION_RUNTIME_CORE_FROM;
  });

  it('puts the shell\'s own runtime on the global the remotes read (externalRuntime)', () => {
    const args = { options: { name: 'shell' } };
    expect(provideRuntimePlugin().beforeInit!(args as never)).toBe(args);
    expect(global._FEDERATION_RUNTIME_CORE).toBe(runtimeCore);
    expect(global._FEDERATION_RUNTIME_CORE_FROM).toEqual({ name: 'shell' });
  });

  it('never replaces a runtime already provided (remotes keep the instance they started with)', () => {
    const first = {};
    global._FEDERATION_RUNTIME_CORE = first;
    provideRuntimePlugin().beforeInit!({ options: { name: 'shell' } } as never);
    expect(global._FEDERATION_RUNTIME_CORE).toBe(first);
  });
});
