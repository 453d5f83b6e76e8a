import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { deposits, wallet } from '@meridian/contracts';
import { createTestQueryClient } from '../testing';
import { call } from '../http/call';
import { queryOf } from './query-of';
import { PAGE_SIZE, useApiPaged, useApiQuery } from './hooks';

jest.mock('../http/call', () => ({ call: jest.fn() }));
const mockedCall = call as unknown as jest.Mock;
beforeEach(() => mockedCall.mockReset());

function wrapperFor(client = createTestQueryClient()) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('queryOf', () => {
  it('keys [path, input] and sends exactly that input, silently (the screen shows its own error state)', async () => {
    const def = queryOf(wallet.validAsset, { accountType: 2, asset: 'BTC' });
    expect(def.queryKey).toEqual([wallet.validAsset.path, { accountType: 2, asset: 'BTC' }]);
    mockedCall.mockResolvedValue({ available: '1.5' });
    await expect(def.queryFn()).resolves.toEqual({ available: '1.5' });
    expect(mockedCall).toHaveBeenCalledWith(wallet.validAsset, { accountType: 2, asset: 'BTC' }, { silent: true });
  });

  it('a call without input is keyed [path, {}] (one entry per endpoint) and sends nothing', async () => {
    const def = queryOf(wallet.list);
    expect(def.queryKey).toEqual([wallet.list.path, {}]);
    mockedCall.mockResolvedValue({ wallets: [] });
    await def.queryFn();
    expect(mockedCall).toHaveBeenCalledWith(wallet.list, undefined, { silent: true });
  });
});

describe('useApiQuery(contract, input, options)', () => {
  it('caches the contract’s data under queryOf’s key and gives the screen its own shape through select', async () => {
    const client = createTestQueryClient();
    mockedCall.mockResolvedValue({ available: '2' });
    const { result } = renderHook(() => useApiQuery(wallet.validAsset, { accountType: 2, asset: 'USDT' }, { select: (data) => data.available }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.data).toBe('2'));
    expect(client.getQueryData([wallet.validAsset.path, { accountType: 2, asset: 'USDT' }])).toEqual({ available: '2' });
    // a plain useQuery(queryOf(...)) shares the same entry: one fetch
    const plain = renderHook(() => useQuery({ ...queryOf(wallet.validAsset, { accountType: 2, asset: 'USDT' }), staleTime: Infinity }), { wrapper: wrapperFor(client) });
    expect(plain.result.current.data).toEqual({ available: '2' });
    expect(mockedCall).toHaveBeenCalledTimes(1);
  });

  it('does not fetch while disabled', () => {
    renderHook(() => useApiQuery(wallet.list, undefined, { enabled: false }), { wrapper: wrapperFor() });
    expect(mockedCall).not.toHaveBeenCalled();
  });
});

describe('useApiPaged(contract, filter, options)', () => {
  it('sends the filter with page and size, silently, keyed [path, filter]; a missing list is an empty page', async () => {
    const client = createTestQueryClient();
    mockedCall.mockImplementation(async (_c: unknown, input: { page: number }) => (input.page === 1 ? { total: 21, list: Array.from({ length: PAGE_SIZE }, (_, i) => ({ id: String(i) })) } : { total: '21', list: null }));
    const { result } = renderHook(() => useApiPaged(deposits.list, { asset: 'BTC' }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.items).toHaveLength(PAGE_SIZE));
    expect(mockedCall).toHaveBeenCalledWith(deposits.list, { asset: 'BTC', page: 1, size: PAGE_SIZE }, { silent: true });
    expect(client.getQueryData([deposits.list.path, { asset: 'BTC' }])).toBeDefined();
    await result.current.loadMore();
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect([result.current.items.length, result.current.total]).toEqual([PAGE_SIZE, 21]);
  });

  it('gives the screen its own shape of each row through `row`, keeping the contract’s rows in the cache, one array per answer', async () => {
    const client = createTestQueryClient();
    mockedCall.mockResolvedValue({ total: 2, list: [{ id: '1' }, { id: '2' }] });
    const label = (row: { id: string }) => `deposit ${row.id}`;
    const { result, rerender } = renderHook(() => useApiPaged(deposits.list, {}, { row: label }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.items).toEqual(['deposit 1', 'deposit 2']));
    expect(client.getQueryData<{ pages: Array<{ list: unknown[] }> }>([deposits.list.path, {}])?.pages[0]?.list).toEqual([{ id: '1' }, { id: '2' }]);
    const shown = result.current.items;
    rerender();
    expect(result.current.items).toBe(shown);
  });

  it('reads the pages again as often as its rows ask, and stops when they no longer do', async () => {
    jest.useFakeTimers();
    try {
      let status = 'in_progress';
      mockedCall.mockImplementation(async () => ({ total: 1, list: [{ id: '1', status }] }));
      const every = (rows: Array<{ status: string }>) => (rows.some((r) => r.status === 'in_progress') ? 1000 : false);
      renderHook(() => useApiPaged(deposits.list, {}, { refetchInterval: every as never }), { wrapper: wrapperFor() });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(mockedCall).toHaveBeenCalledTimes(1);
      status = 'success';
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(mockedCall).toHaveBeenCalledTimes(2);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5000);
      });
      expect(mockedCall).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
