import { useCallback, useEffect, useRef } from 'react';
import { useStore } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { ApiError, showToast, type ApiKey } from '@meridian/shared';
import { useT } from '../../i18n';

/**
 * A snapshot's read: `queryOf(contract, input, LOUD)`, its key and fetcher made together from the contract. Loud:
 * the request conventions tell a failure, as they do for every market read.
 */
export interface SnapshotRead {
  queryKey: ApiKey;
  queryFn: () => Promise<unknown>;
}

/** The call options of a snapshot's read: not silent. */
export const LOUD = {};

export interface Snapshot<T> {
  data: T | null;
  loading: boolean;
  /** The last load failed and there is nothing to show. */
  error: boolean;
}

/**
 * A REST snapshot the live streams then move on (quotes, bars), through the page's QueryClient keyed `[path, input]`:
 * loaded now and on reload(), cached for the next screen showing the same call. A failed reload keeps the data
 * already shown (and toasts, unless the request conventions already did); a failed first load is the error state.
 * `enabled: false` loads nothing.
 */
export function useSnapshot<T>(read: SnapshotRead, enabled = true) {
  const { t } = useT();
  return useSnapshotWithText<T>(read, t('loadFailed'), enabled);
}

/** useSnapshot with the failure toast's text given (the market widget's, from its own namespace). */
export function useSnapshotWithText<T>(read: SnapshotRead, failed: string, enabled = true) {
  const store = useStore();
  // the markets move every second: no silent retry of a stale snapshot, the error (and its toast) shows at once
  const query = useQuery({ ...read, queryFn: read.queryFn as () => Promise<T>, enabled, retry: false });
  const toasted = useRef(0);
  useEffect(() => {
    if (!query.errorUpdatedAt || query.errorUpdatedAt === toasted.current) return;
    toasted.current = query.errorUpdatedAt;
    if (!(query.error instanceof ApiError && query.error.notified)) showToast(store, failed, 'error');
  }, [query.errorUpdatedAt, query.error, store, failed]);
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  return {
    data: query.data ?? null,
    loading: query.isLoading,
    error: query.isError && query.data === undefined,
    reload,
  };
}

