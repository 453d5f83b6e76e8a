import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  /** The first load (or a load after a change of `deps`) is running and nothing is shown yet. */
  loading: boolean;
  /** The last load failed. */
  error: boolean;
  /** Loads again; resolves when done (PullToRefresh waits for it). */
  reload: () => Promise<void>;
  /** Replaces the data with an answer the screen already has (a reset, a transfer). */
  set: (data: T) => void;
}

/**
 * Loads something when the screen opens and again whenever `key` changes (the account mode, a filter).
 * Answers of an earlier key are dropped, so a slow answer never overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, enabled = true): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState(false);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const run = useCallback(async (fresh: boolean) => {
    const mine = ++generation.current;
    if (fresh) {
      setData(undefined);
      setLoading(true);
    }
    try {
      const value = await loadRef.current();
      if (mine !== generation.current) return;
      setData(value);
      setError(false);
    } catch {
      if (mine !== generation.current) return;
      setError(true);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void run(true);
    return () => {
      generation.current += 1;
    };
  }, [key, enabled, run]);

  const reload = useCallback(() => run(false), [run]);
  const set = useCallback((value: T) => {
    generation.current += 1;
    setData(value);
    setError(false);
    setLoading(false);
  }, []);

  return { data, loading: enabled && loading, error, reload, set };
}

export interface Paged<T> {
  items: T[];
  total: number;
  loading: boolean;
  error: boolean;
  /** A next page is being fetched. */
  loadingMore: boolean;
  /** The last "load more" failed (the items so far stay). */
  moreFailed: boolean;
  hasMore: boolean;
  /** Starts again from the first page. */
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
}

export const PAGE_SIZE = 20;

/** A server-paged list (page from 1): the first page on open and on refresh, then "load more". */
export function usePaged<T>(fetchPage: (page: number, size: number) => Promise<{ total: number; list: T[] }>, key: string, enabled = true): Paged<T> {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const first = useCallback(async (fresh: boolean) => {
    const mine = ++generation.current;
    if (fresh) {
      setItems([]);
      setLoading(true);
    }
    try {
      const answer = await fetchRef.current(1, PAGE_SIZE);
      if (mine !== generation.current) return;
      setItems(answer.list);
      setTotal(answer.total);
      setPage(1);
      setError(false);
      setMoreFailed(false);
    } catch {
      if (mine === generation.current) setError(true);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void first(true);
    return () => {
      generation.current += 1;
    };
  }, [key, enabled, first]);

  const loadMore = useCallback(async () => {
    if (loadingMore) return;
    const mine = generation.current;
    setLoadingMore(true);
    try {
      const answer = await fetchRef.current(page + 1, PAGE_SIZE);
      if (mine !== generation.current) return;
      setItems((current) => [...current, ...answer.list]);
      setTotal(answer.total);
      setPage(page + 1);
      setMoreFailed(false);
    } catch {
      if (mine === generation.current) setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [loadingMore, page]);

  const refresh = useCallback(() => first(false), [first]);

  return { items, total, loading: enabled && loading, error, loadingMore, moreFailed, hasMore: items.length < total, refresh, loadMore };
}
