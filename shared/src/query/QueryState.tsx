import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Spinner } from '../ui/components';

/** What rendering needs of a read: a UseQueryResult, or several combined into one (see combineQueries). */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  isPending: boolean;
  /** The first answer is on its way (pending and fetching; a disabled query waiting is not loading). */
  isLoading: boolean;
  refetch: () => Promise<unknown>;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What the data shows once loaded. */
  children: (data: T) => ReactNode;
  /** Data that counts as "nothing to show" gets the empty state instead. */
  isEmpty?: (data: T) => boolean;
  emptyTitle?: string;
  errorTitle?: string;
  /** Shown instead of the spinner while the first answer is on its way (e.g. a skeleton). */
  loading?: ReactNode;
}

/**
 * The standard rendering of a read: a spinner on the first load, the error state with a retry (refetch) when it
 * failed and nothing is shown yet, the empty state, or the data. Data already shown stays on a failed refetch.
 */
export function QueryState<T>({ query, children, isEmpty, emptyTitle, errorTitle, loading }: QueryStateProps<T>) {
  if (query.data !== undefined) {
    if (isEmpty?.(query.data)) return <EmptyState title={emptyTitle} />;
    return <>{children(query.data)}</>;
  }
  if (query.isError) return <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  return <>{loading ?? <Spinner />}</>;
}

/** PullToRefresh's props for a query: pulling (or its Refresh button) refetches; first load and error states. */
export function refreshProps<T>(query: QueryLike<T>): { onRefresh: () => Promise<unknown>; loading: boolean; error: boolean } {
  return {
    onRefresh: () => query.refetch(),
    loading: query.isLoading,
    error: query.isError && query.data === undefined,
  };
}

/** Several reads shown as one (e.g. products and rules): data once all have answered, an error if any failed. */
export function combineQueries<A, B>(a: QueryLike<A>, b: QueryLike<B>): QueryLike<[A, B]> {
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    isError: a.isError || b.isError,
    isPending: a.isPending || b.isPending,
    isLoading: a.isLoading || b.isLoading,
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  };
}
