import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runLifecycle, type MicroApp } from '@meridian/shared';
import { guardLifecycles } from './guard-lifecycles';
import { renderFallback } from './RemoteFallback';

jest.spyOn(console, 'error').mockImplementation(() => undefined);

function props() {
  const domElement = document.body.appendChild(document.createElement('div'));
  return { name: 'mf_c2c', domElement };
}

describe('guardLifecycles', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('contains a mount that throws to a fallback in its own element, and retries the mount', async () => {
    const mount = jest.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce(undefined);
    const app: MicroApp = { bootstrap: async () => undefined, mount, unmount: async () => undefined };
    const guarded = guardLifecycles('mf_c2c', app, renderFallback, jest.fn());
    const p = props();
    await runLifecycle(guarded.bootstrap, p);
    await expect(runLifecycle(guarded.mount, p)).resolves.toBeUndefined();

    const fallback = await screen.findByTestId('remote-fallback-mf_c2c');
    expect(p.domElement.contains(fallback)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(mount).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('remote-fallback-mf_c2c')).toBeNull());
  });

  it('reloads the remote when its bootstrap failed', async () => {
    const reload = jest.fn();
    const app: MicroApp = { bootstrap: async () => Promise.reject(new Error('no')), mount: jest.fn(), unmount: async () => undefined };
    const guarded = guardLifecycles('mf_c2c', app, renderFallback, reload);
    const p = props();
    await runLifecycle(guarded.bootstrap, p);
    await runLifecycle(guarded.mount, p);
    expect(app.mount).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('removes the fallback on unmount instead of calling the broken app', async () => {
    const unmount = jest.fn();
    const app: MicroApp = { bootstrap: async () => undefined, mount: async () => Promise.reject(new Error('x')), unmount };
    const guarded = guardLifecycles('mf_c2c', app, renderFallback, jest.fn());
    const p = props();
    await runLifecycle(guarded.mount, p);
    await screen.findByTestId('remote-fallback-mf_c2c');
    await runLifecycle(guarded.unmount, p);
    expect(screen.queryByTestId('remote-fallback-mf_c2c')).toBeNull();
    expect(unmount).not.toHaveBeenCalled();
  });
});
