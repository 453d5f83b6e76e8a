import type { MicroApp } from '@meridian/shared';
import { fetchWithRetry, isolationPlugin } from './isolation-plugin';

const noSleep = () => Promise.resolve();
const response = (status: number) => ({ ok: status < 400, status }) as Response;

describe('fetchWithRetry', () => {
  it('retries failures and non-2xx answers, then succeeds', async () => {
    const fetchImpl = jest.fn().mockRejectedValueOnce(new TypeError('network')).mockResolvedValueOnce(response(502)).mockResolvedValueOnce(response(200));
    const delays: number[] = [];
    const result = await fetchWithRetry('/m.json', {}, { retries: 2, delayMs: (n) => n * 100, sleep: async (ms) => void delays.push(ms) }, fetchImpl);
    expect(result.status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([100, 200]);
  });

  it('gives up after the last retry with the last error', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(response(404));
    await expect(fetchWithRetry('/m.json', {}, { retries: 2, delayMs: () => 0, sleep: noSleep }, fetchImpl)).rejects.toThrow('/m.json answered 404');
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });
});

describe('isolationPlugin', () => {
  const fallback: MicroApp = { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined };
  const fallbackFor = jest.fn(() => fallback);
  const plugin = isolationPlugin({ retries: 2, delayMs: () => 0, fallbackFor, sleep: noSleep });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);

  it('stands a fallback in for the module of the remote that failed, at onLoad only', async () => {
    const errorLoadRemote = plugin.errorLoadRemote as (args: unknown) => Promise<unknown>;
    expect(await errorLoadRemote({ id: 'mf_stocks/app', error: new Error('x'), lifecycle: 'onLoad', from: 'runtime' })).toBe(fallback);
    expect(fallbackFor).toHaveBeenCalledWith('mf_stocks', expect.any(Error));
    // at afterResolve a returned value would be used as the manifest itself
    expect(await errorLoadRemote({ id: 'http://x/mf-manifest.json', error: new Error('x'), lifecycle: 'afterResolve', from: 'runtime' })).toBeUndefined();
  });

  it('loads a failed entry again, clearing the failed attempt first', async () => {
    const exportsAfterRetry = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest.fn().mockRejectedValueOnce(new Error('again')).mockResolvedValueOnce(exportsAfterRetry);
    const globalLoading: Record<string, unknown> = { key: Promise.resolve() };
    const loadEntryError = plugin.loadEntryError as (args: unknown) => Promise<unknown>;
    const result = await loadEntryError({ getRemoteEntry, origin: {}, remoteInfo: {}, globalLoading, uniqueKey: 'key' });
    expect(result).toBe(exportsAfterRetry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(globalLoading.key).toBeUndefined();
  });

  it('retries manifest fetches through its fetch hook', async () => {
    const realFetch = global.fetch;
    global.fetch = jest.fn().mockRejectedValueOnce(new TypeError('down')).mockResolvedValueOnce(response(200));
    try {
      const fetchHook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response>;
      await expect(fetchHook('/m.json', {})).resolves.toMatchObject({ status: 200 });
      expect(global.fetch).toHaveBeenCalledTimes(2);
    } finally {
      global.fetch = realFetch;
    }
  });
});
