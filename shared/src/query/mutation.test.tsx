import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { wallet } from '@meridian/contracts';
import { createTestQueryClient } from '../testing';
import { ApiError } from '../http/client';
import { call } from '../http/call';
import { platformStore } from '../store';
import { toastsAtom } from '../ui/toast/toast';
import { apiKey } from './keys';
import { useApiAction, useApiMutation, useAttemptId } from './mutation';
import { setSlotContributions } from '../slots/registry';

jest.mock('../http/call', () => ({ call: jest.fn() }));
const mockedCall = call as unknown as jest.Mock;

function wrapperFor(client = createTestQueryClient()) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
const GENERIC = 'Something went wrong, please try again';
const toastTexts = () => platformStore.get(toastsAtom).map((t) => t.text);
const networkFailure = (silent: boolean) =>
  new AxiosError('Network Error', 'ERR_NETWORK', { silent, headers: {} } as unknown as InternalAxiosRequestConfig);

beforeEach(() => {
  platformStore.set(toastsAtom, []);
  mockedCall.mockReset();
  // the group a transfer names, as a remote's manifest declares it for the TRANSFER push
  setSlotContributions('mf_test', { 'push.invalidations': [{ action: 'TRANSFER', queries: [wallet.list.path, wallet.transferLog.path] }] });
});
afterEach(() => setSlotContributions('mf_test', undefined));

describe('useApiAction', () => {
  it('runs one action at a time: a second tap while the first is on its way sends nothing', async () => {
    let finish!: (value: string) => void;
    const action = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useApiAction(), { wrapper: wrapperFor() });
    let first!: Promise<{ value: string } | undefined>;
    act(() => {
      first = result.current.run(action);
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    await expect(result.current.run(action)).resolves.toBeUndefined();
    act(() => finish('done'));
    await expect(first).resolves.toEqual({ value: 'done' });
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.busy).toBe(false));
  });

  it.each([
    ['a refusal the conventions already toasted', new ApiError(500, 'Insufficient balance', { notified: true }), []],
    ['a refusal nobody showed yet', new ApiError(500, 'Insufficient balance', { notified: false }), ['Insufficient balance']],
    ['a lost answer the conventions toasted', networkFailure(false), []],
    ['a lost answer of a silent request', networkFailure(true), [GENERIC]],
    ['anything else', new Error('boom'), [GENERIC]],
  ])('tells the user once about %s', async (_case, failure, toasts) => {
    const { result } = renderHook(() => useApiAction(), { wrapper: wrapperFor() });
    await expect(result.current.run(() => Promise.reject(failure))).resolves.toBeUndefined();
    expect(toastTexts()).toEqual(toasts);
  });

  it('says nothing when the screen handled the failure itself', async () => {
    const { result } = renderHook(() => useApiAction(), { wrapper: wrapperFor() });
    const handled = jest.fn(() => true);
    await result.current.run(() => Promise.reject(new Error('boom')), handled);
    expect(handled).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual([]);
  });
});

describe('useApiMutation', () => {
  it('sends the contract with its input and makes the named group stale on success, as its push would', async () => {
    const client = createTestQueryClient();
    const wrapper = wrapperFor(client);
    let balance = '10';
    const read = renderHook(() => useQuery({ queryKey: apiKey(wallet.list.path, {}), queryFn: async () => balance }), { wrapper });
    await waitFor(() => expect(read.result.current.data).toBe('10'));
    mockedCall.mockResolvedValue({ id: 't1' });
    const { result } = renderHook(() => useApiMutation(wallet.transfer, { invalidates: ['TRANSFER'] }), { wrapper });
    balance = '7';
    const input = { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '3', requestId: 'req-000001' } as const;
    await expect(result.current.run(input)).resolves.toEqual({ value: { id: 't1' } });
    expect(mockedCall).toHaveBeenCalledWith(wallet.transfer, input, undefined);
    await waitFor(() => expect(read.result.current.data).toBe('7'));
  });

  it('leaves the cache as it was when the call is refused', async () => {
    const client = createTestQueryClient();
    const wrapper = wrapperFor(client);
    const fetches = jest.fn(async () => 'same');
    const read = renderHook(() => useQuery({ queryKey: apiKey(wallet.list.path, {}), queryFn: fetches }), { wrapper });
    await waitFor(() => expect(read.result.current.data).toBe('same'));
    mockedCall.mockRejectedValue(new ApiError(500, 'Insufficient balance', { notified: true }));
    const { result } = renderHook(() => useApiMutation(wallet.transfer, { invalidates: ['TRANSFER'] }), { wrapper });
    await expect(result.current.run({ fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '3', requestId: 'req-000002' })).resolves.toBeUndefined();
    expect(fetches).toHaveBeenCalledTimes(1);
  });

  it('says at once when a mutation names a group no manifest declares (it would refresh nothing)', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedCall.mockResolvedValue({ id: 't1' });
    const { result } = renderHook(() => useApiMutation(wallet.transfer, { invalidates: ['TRANSFERS'] }), { wrapper: wrapperFor() });
    await result.current.run({ fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '3', requestId: 'req-000003' });
    await waitFor(() => expect(errors).toHaveBeenCalledWith(expect.stringContaining('TRANSFERS')));
    errors.mockRestore();
  });
});

describe('useAttemptId', () => {
  it('keeps one request id while the same thing is retried, and a new one once answered or changed', () => {
    const { result } = renderHook(() => useAttemptId());
    const first = result.current.idFor('platform|spot|USDT|3');
    expect(result.current.idFor('platform|spot|USDT|3')).toBe(first);
    const changed = result.current.idFor('platform|spot|USDT|4');
    expect(changed).not.toBe(first);
    result.current.done();
    expect(result.current.idFor('platform|spot|USDT|4')).not.toBe(changed);
  });
});
