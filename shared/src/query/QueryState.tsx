import type { ReactNode } from 'react';
import { isNotFound } from '../http/client';
import { EmptyState, ErrorState, Spinner } from '../ui/components';

/** What rendering needs of a read: a UseQueryResult, or several combined into one (see combineQueries). */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  isPending: boolean;
  /** The first answer is on its way (pending and fetching; a disabled query waiting is not loading). */
  isLoading: boolean;
  refetch: () => Promise<unknown>;
  /** Why it failed, when it did. */
  error?: unknown;
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
  /** A detail screen's not-found state (NotFoundState): shown when `missing` or when the server refused the id as unknown. */
  notFound?: ReactNode;
  /** There is nothing to ask for (no id in the address, or one that cannot be one): the query stays disabled. */
  missing?: boolean;
}

/**
 * The standard rendering of a read: a spinner on the first load, the error state with a retry (refetch) when it
 * failed and nothing is shown yet, the empty state, or the data. Data already shown stays on a failed refetch.
 * With `notFound`, a missing id or the server's "not found" shows it instead of the spinner or the retry.
 */
export function QueryState<T>({ query, children, isEmpty, emptyTitle, errorTitle, loading, notFound, missing }: QueryStateProps<T>) {
  if (query.data !== undefined && !missing) {
    if (isEmpty?.(query.data)) return <EmptyState title={emptyTitle} />;
    return <>{children(query.data)}</>;
  }
  if (notFound !== undefined && (missing || (query.isError && isNotFound(query.error)))) return <>{notFound}</>;
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
    error: a.error ?? b.error,
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  };
}
