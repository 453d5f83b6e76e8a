import { useCallback } from 'react';
import { useInfiniteQuery, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { apiKey, type ApiKey } from './keys';

export type ApiQueryOptions<T, I> = Omit<UseQueryOptions<T, Error, T, ApiKey<I>>, 'queryKey' | 'queryFn'>;

/**
 * One API read through the page's QueryClient, keyed `[path, input]` (see keys.ts): `fetcher(input)` runs when
 * the screen opens, when `input` changes, on window focus and on reconnect, and whenever a mutation or a live
 * push invalidates `[path]`. Answers of an earlier input never overwrite a newer one (React Query keeps one
 * cache entry per key).
 */
export function useApiQuery<T, I>(
  path: string,
  input: I,
  fetcher: (input: I) => Promise<T>,
  options: ApiQueryOptions<T, I> = {},
): UseQueryResult<T, Error> {
  return useQuery({ queryKey: apiKey(path, input), queryFn: () => fetcher(input), ...options });
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

/**
 * A server-paged list (pages from 1) keyed `[path, filter]`: the first page on open, then "load more"; a refresh,
 * an invalidation of `[path]` or a push refetches the pages shown.
 */
export function useApiPaged<T, F>(
  path: string,
  filter: F,
  fetchPage: (page: number, size: number, filter: F) => Promise<PageOfItems<T>>,
  options: { enabled?: boolean } = {},
): PagedQuery<T> {
  const query = useInfiniteQuery({
    queryKey: apiKey(path, filter),
    queryFn: ({ pageParam }) => fetchPage(pageParam, PAGE_SIZE, filter),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0 ? pages.length + 1 : undefined),
    enabled: options.enabled ?? true,
  });
  const { refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const pages = query.data?.pages ?? [];
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const loadMore = useCallback(async () => {
    if (!hasNextPage || isFetchingNextPage) return;
    await fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  return {
    items: pages.flatMap((page) => page.list),
    total: pages.at(-1)?.total ?? 0,
    loading: query.isLoading,
    error: query.isError && !query.data,
    loadingMore: isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    hasMore: hasNextPage,
    refresh,
    loadMore,
  };
}
