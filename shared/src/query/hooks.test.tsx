import type { ReactNode } from 'react';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { wallet } from '@meridian/contracts';
import { createTestQueryClient } from '../testing';
import { apiKey } from './keys';
import { PAGE_SIZE, useApiPaged, useApiQuery } from './hooks';
import { QueryState, refreshProps } from './QueryState';
import { QUERY_DEFAULTS } from './client';
import { ApiError } from '../http/client';
import { call } from '../http/call';

jest.mock('../http/call', () => ({ call: jest.fn() }));
const mockedCall = call as unknown as jest.Mock;
beforeEach(() => mockedCall.mockReset());

function wrapperFor(client = createTestQueryClient()) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useApiQuery', () => {
  it('keys the answer [path, input], the key a typed contract’s queryOf uses', async () => {
    const client = createTestQueryClient();
    mockedCall.mockImplementation(async (_c: unknown, input: { accountType: string }) => ({ available: `${input.accountType}:10` }));
    const { result } = renderHook(() => useApiQuery(wallet.validAsset, { accountType: 'spot', asset: 'USDT' }, { select: (a) => a.available }), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.data).toBe('spot:10'));
    expect(client.getQueryData([wallet.validAsset.path, { accountType: 'spot', asset: 'USDT' }])).toEqual({ available: 'spot:10' });
    // a plain useQuery on the same key shares the answer (drop-in)
    const shared = renderHook(() => useQuery({ queryKey: apiKey(wallet.validAsset.path, { accountType: 'spot', asset: 'USDT' }), queryFn: async () => 'other', staleTime: Infinity }), {
      wrapper: wrapperFor(client),
    });
    expect(shared.result.current.data).toEqual({ available: 'spot:10' });
  });

  it('has only the contract form: a path with its own fetcher is no longer accepted', () => {
    // @ts-expect-error the path-and-fetcher overload is gone (the key and the fetcher could disagree)
    const useWrong = () => useApiQuery('/x', {}, async () => 1);
    expect(typeof useWrong).toBe('function');
  });

  it('reads retry once, mutations never; refetch on focus and reconnect', () => {
    expect(QUERY_DEFAULTS.queries.retry).toBe(1);
    expect(QUERY_DEFAULTS.mutations.retry).toBe(false);
    expect(QUERY_DEFAULTS.queries.refetchOnWindowFocus).toBe(true);
    expect(QUERY_DEFAULTS.queries.refetchOnReconnect).toBe(true);
    expect(QUERY_DEFAULTS.queries.staleTime).toBeLessThanOrEqual(10_000);
  });
});

describe('QueryState', () => {
  it('shows a spinner, then the error with a retry that refetches, then the data', async () => {
    let fail = true;
    function Screen() {
      const query = useQuery({
        queryKey: apiKey('/x', {}),
        queryFn: async () => {
          if (fail) throw new Error('down');
          return ['a'];
        },
      });
      return <QueryState query={query}>{(rows) => <p>rows {rows.join(',')}</p>}</QueryState>;
    }
    render(<Screen />, { wrapper: wrapperFor() });
    expect(screen.getByRole('status')).toBeInTheDocument();
    const retry = await screen.findByRole('button');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('rows a')).toBeInTheDocument();
  });

  it('shows the empty state for empty data', async () => {
    function Screen() {
      const query = useQuery({ queryKey: apiKey('/y', {}), queryFn: async () => [] as string[] });
      return (
        <QueryState query={query} isEmpty={(rows) => rows.length === 0} emptyTitle="nothing here">
          {() => <p>rows</p>}
        </QueryState>
      );
    }
    render(<Screen />, { wrapper: wrapperFor() });
    expect(await screen.findByText('nothing here')).toBeInTheDocument();
  });

  it('notFound: shown for a missing id (nothing asked) and for the server\'s "not found"; another failure keeps the retry', async () => {
    function Screen({ id, failure }: { id: string; failure: Error }) {
      const query = useQuery({
        queryKey: apiKey('/detail', { id }),
        queryFn: async (): Promise<string> => {
          throw failure;
        },
        enabled: id !== '',
      });
      return (
        <QueryState query={query} missing={id === ''} notFound={<p>gone</p>}>
          {() => <p>detail</p>}
        </QueryState>
      );
    }
    const missing = render(<Screen id="" failure={new Error('never')} />, { wrapper: wrapperFor() });
    expect(screen.getByText('gone')).toBeInTheDocument();
    missing.unmount();
    const unknown = render(<Screen id="9" failure={new ApiError(500, 'Order not found', { reason: 'orderNotFound' })} />, { wrapper: wrapperFor() });
    expect(await screen.findByText('gone')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unknown.unmount();
    render(<Screen id="9" failure={new Error('Network Error')} />, { wrapper: wrapperFor() });
    expect(await screen.findByRole('button')).toBeInTheDocument();
    expect(screen.queryByText('gone')).not.toBeInTheDocument();
  });

  it('refreshProps: a pull refetches', async () => {
    const fetcher = jest.fn(async () => 1);
    const { result } = renderHook(() => refreshProps(useQuery({ queryKey: apiKey('/z', {}), queryFn: fetcher })), { wrapper: wrapperFor() });
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(() => result.current.onRefresh());
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('useApiPaged', () => {
  const rows = Array.from({ length: 25 }, (_, i) => `r${i}`);
  const fetchPage = jest.fn(async (page: number, size: number, filter: { asset: string }) => ({
    total: rows.length,
    list: rows.slice((page - 1) * size, page * size).map((r) => `${filter.asset}-${r}`),
  }));

  it('loads the first page, then more, and refreshes from the first page', async () => {
    const { result } = renderHook(() => useApiPaged('/asset/api/userrechange/list', { asset: 'BTC' }, fetchPage), { wrapper: wrapperFor() });
    await waitFor(() => expect(result.current.items).toHaveLength(PAGE_SIZE));
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(25));
    expect(result.current.items[24]).toBe('BTC-r24');
    expect(result.current.hasMore).toBe(false);
    fetchPage.mockClear();
    await act(() => result.current.refresh());
    expect(fetchPage.mock.calls[0]?.[0]).toBe(1);
  });

  it('a failed first page is the error state', async () => {
    const { result } = renderHook(() => useApiPaged('/f', {}, async () => Promise.reject(new Error('down'))), { wrapper: wrapperFor() });
    await waitFor(() => expect(result.current.error).toBe(true));
    expect(result.current.loading).toBe(false);
  });
});
