import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { Call, DataOf, InputOf } from '@meridian/contracts';
import { call } from '../http/call';
import { apiKey, type ApiKey } from './keys';
import { queryOf, type ReadArgs } from './query-of';

/** A contract read's options: TanStack's, with `select` to give the screen its own shape of the contract's data. */
export type ContractQueryOptions<C extends Call, S = DataOf<C>> = Omit<UseQueryOptions<DataOf<C>, Error, S, ApiKey<unknown>>, 'queryKey' | 'queryFn'>;

/**
 * One contract read through the page's QueryClient (`queryOf(contract, input)`): it runs when the screen opens,
 * when `input` changes, on window focus and on reconnect, and whenever a mutation or a live push invalidates
 * `[contract.path]`. Answers of an earlier input never overwrite a newer one (one cache entry per key).
 */
export function useApiQuery<C extends Call, S = DataOf<C>>(contract: C, ...args: ReadArgs<C, [options?: ContractQueryOptions<C, S>]>): UseQueryResult<S, Error>;
export function useApiQuery(contract: Call, input: unknown, options?: object): UseQueryResult<unknown, Error> {
  const def = (queryOf as (c: Call, i: unknown) => { queryKey: ApiKey<unknown>; queryFn: () => Promise<unknown> })(contract, input);
  return useQuery({ ...def, ...options });
}

/** Rows per page of every paged list. */
export const PAGE_SIZE = 20;

export interface PageOfItems<T> {
  total: number;
  list: T[];
}

export interface PagedQuery<T> {
  items: T[];
  total: number;
  /** The first page is loading and nothing is shown yet. */
  loading: boolean;
  /** The first page failed. */
  error: boolean;
  /** A next page is being fetched. */
  loadingMore: boolean;
  /** The last "load more" failed (the items so far stay). */
  moreFailed: boolean;
  hasMore: boolean;
  /** Starts again from the first page (pull-to-refresh); resolves when done. */
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
}

/** The rows of a paged contract's answer (`{ total, list }`). */
export type RowOf<C extends Call> = DataOf<C> extends { list: Array<infer R> } ? R : never;
/** A paged contract's input without its page and size: what the list is filtered (and keyed) by. */
export type FilterOf<C extends Call> = Omit<Exclude<InputOf<C>, void>, 'page' | 'size'>;

export interface ApiPagedOptions<T = unknown> {
  enabled?: boolean;
  /** Reads the pages shown again this often, or not (false); a function decides from the rows shown (a deposit waiting for confirmations). */
  refetchInterval?: number | false | ((rows: T[]) => number | false);
}

/** A contract list's options, with `row` to give the screen its own shape of each row. */
export interface ContractPagedOptions<R, T = R> extends ApiPagedOptions<T> {
  /**
   * Each row as the screen wants it. Applied when the rows are read, never to the cache, which keeps the
   * contract's own rows for every screen reading the same list. Pass a module-level function (a new one each
   * render would reshape every row on every render).
   */
  row?: (row: R) => T;
}

/** The rows of the pages read so far, reshaped by `row` when given. */
function rowsOf<T>(pages: Array<PageOfItems<T>> | undefined, row: ((one: never) => T) | undefined): T[] {
  const rows = (pages ?? []).flatMap((page) => page.list);
  return row ? rows.map((one) => row(one as never)) : rows;
}

/**
 * A server-paged contract read (pages from 1, `{ total, list }`) keyed `[contract.path, filter]`: the first page on
 * open, then "load more"; a refresh, an invalidation of `[path]` or a push refetches the pages shown. Silent: the
 * list shows its own error state.
 */
export function useApiPaged<C extends Call, T = RowOf<C>>(contract: C, filter: FilterOf<C>, options?: ContractPagedOptions<RowOf<C>, T>): PagedQuery<T>;
/**
 * The same with the path and a page fetcher given apart, for a fetcher that must do more than send the filter (the
 * seconds history measures the server's clock around its request). A list that only reshapes its rows uses the
 * contract form with `row`, so its key and what it sends cannot disagree.
 */
export function useApiPaged<T, F>(path: string, filter: F, fetchPage: (page: number, size: number, filter: F) => Promise<PageOfItems<T>>, options?: ApiPagedOptions<T>): PagedQuery<T>;
export function useApiPaged<T, F>(
  target: Call | string,
  filter: F,
  third?: ((page: number, size: number, filter: F) => Promise<PageOfItems<T>>) | ApiPagedOptions<never>,
  fourth?: ApiPagedOptions<never>,
): PagedQuery<T> {
  const byPath = typeof target === 'string';
  const options = ((byPath ? fourth : third) ?? {}) as ContractPagedOptions<unknown, T>;
  const every = options.refetchInterval ?? false;
  const { row } = options;
  const send = call as (c: Call, i: unknown, o?: { silent: boolean }) => Promise<Partial<PageOfItems<T>> | null>;
  const fetchPage = byPath
    ? (third as (page: number, size: number, filter: F) => Promise<PageOfItems<T>>)
    : (page: number, size: number, f: F): Promise<PageOfItems<T>> =>
        send(target, { ...f, page, size }, { silent: true }).then((answer) => ({ total: Number(answer?.total ?? 0), list: Array.isArray(answer?.list) ? answer.list : [] }));
  const query = useInfiniteQuery({
    queryKey: apiKey(byPath ? target : target.path, filter),
    queryFn: ({ pageParam }) => fetchPage(pageParam, PAGE_SIZE, filter),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0 ? pages.length + 1 : undefined),
    enabled: options.enabled ?? true,
    refetchInterval: typeof every === 'function' ? (q) => every(rowsOf(q.state.data?.pages, row)) : every,
  });
  const { refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const pages = query.data?.pages;
  // one array per answer, not per render: a screen may key an effect on the rows
  const items = useMemo(() => rowsOf(pages, row), [pages, row]);
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const loadMore = useCallback(async () => {
    if (!hasNextPage || isFetchingNextPage) return;
    await fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  return {
    items,
    total: pages?.at(-1)?.total ?? 0,
    loading: query.isLoading,
    error: query.isError && !query.data,
    loadingMore: isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    hasMore: hasNextPage,
    refresh,
    loadMore,
  };
}
