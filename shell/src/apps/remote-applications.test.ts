import { createMockRemoteLoader } from '@meridian/shared/testing';
import { runLifecycle, type MicroApp } from '@meridian/shared';
import { RemoteApplications, type Spa } from './remote-applications';
import type { RemoteConfig } from '../config/mf-config';

jest.spyOn(console, 'error').mockImplementation(() => undefined);

const stocks: RemoteConfig = { name: 'mf_stocks', manifest: '/remotes/mf_stocks/0.1.0/mf-manifest.json', routes: ['/pages/stock', '/pages/block-trade'] };
const c2c: RemoteConfig = { name: 'mf_c2c', manifest: '/remotes/mf_c2c/0.1.0/mf-manifest.json', routes: ['/pages/c2c'] };

function fakeSpa() {
  const registered = new Map<string, Parameters<Spa['registerApplication']>[0]>();
  const spa: Spa = {
    registerApplication: (config) => void registered.set(config.name, config),
    unregisterApplication: async (name) => registered.delete(name),
  };
  return { spa, registered };
}

const workingApp = (): MicroApp => ({ bootstrap: jest.fn(async () => undefined), mount: jest.fn(async () => undefined), unmount: jest.fn(async () => undefined) });

describe('RemoteApplications', () => {
  it('registers each remote as an application active on its own prefixes', () => {
    const { spa, registered } = fakeSpa();
    const loader = createMockRemoteLoader({});
    new RemoteApplications(spa, { loadRemote: loader.loadRemote, resetRemote: jest.fn() }, jest.fn()).registerAll([stocks, c2c]);
    const activeWhen = (name: string, pathname: string) => registered.get(name)!.activeWhen({ pathname } as Location);
    expect(activeWhen('mf_stocks', '/pages/block-trade/buy')).toBe(true);
    expect(activeWhen('mf_stocks', '/pages/c2c/index')).toBe(false);
    expect(activeWhen('mf_c2c', '/pages/c2c/index')).toBe(true);
    expect(registered.get('mf_c2c')!.customProps('mf_c2c').domElement).toBeInstanceOf(HTMLElement);
  });

  it('loads "<name>/app" and guards what it gets', async () => {
    const { spa, registered } = fakeSpa();
    const app = workingApp();
    const loader = createMockRemoteLoader({ 'mf_c2c/app': app });
    new RemoteApplications(spa, { loadRemote: loader.loadRemote, resetRemote: jest.fn() }, jest.fn()).registerAll([c2c]);
    const loaded = await registered.get('mf_c2c')!.app();
    expect(loader.requests).toEqual(['mf_c2c/app']);
    await runLifecycle(loaded.mount, { name: 'mf_c2c', domElement: document.createElement('div') });
    expect(app.mount).toHaveBeenCalled();
  });

  it('answers a load failure with the fallback, whose retry fetches the remote anew', async () => {
    const { spa, registered } = fakeSpa();
    const renderFallback = jest.fn(() => () => undefined);
    const resetRemote = jest.fn();
    const loader = createMockRemoteLoader({ 'mf_stocks/app': new Error('manifest unreachable') });
    const apps = new RemoteApplications(spa, { loadRemote: loader.loadRemote, resetRemote }, renderFallback);
    apps.registerAll([stocks]);

    const loaded = await registered.get('mf_stocks')!.app();
    const domElement = document.createElement('div');
    await runLifecycle(loaded.mount, { name: 'mf_stocks', domElement });
    expect(renderFallback).toHaveBeenCalledWith(domElement, 'mf_stocks', expect.any(Function));

    const retry = (renderFallback.mock.calls[0] as unknown as [HTMLElement, string, () => void])[2];
    retry();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(resetRemote).toHaveBeenCalledWith(stocks);
    expect(registered.has('mf_stocks')).toBe(true);
    await registered.get('mf_stocks')!.app();
    expect(loader.requests).toEqual(['mf_stocks/app', 'mf_stocks/app']);
  });
});
