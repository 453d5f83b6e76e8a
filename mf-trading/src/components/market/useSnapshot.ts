import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'jotai';
import { ApiError, showToast } from '@meridian/shared';
import { useT } from '../../i18n';

export interface Snapshot<T> {
  data: T | null;
  loading: boolean;
  /** The last load failed and there is nothing to show. */
  error: boolean;
}

/**
 * Loads `load()` now and on reload(). Only the latest request may set the state. A failed reload keeps the data
 * already shown (and toasts, unless the request conventions already did); a failed first load is the error state.
 * `enabled: false` loads nothing.
 */
export function useSnapshot<T>(load: () => Promise<T>, enabled = true) {
  const store = useStore();
  const { t } = useT();
  const failed = t('loadFailed');
  const [state, setState] = useState<Snapshot<T>>({ data: null, loading: enabled, error: false });
  const latest = useRef(0);

  const reload = useCallback((): Promise<void> => {
    const id = ++latest.current;
    return load().then(
      (data) => {
        if (id === latest.current) setState({ data, loading: false, error: false });
      },
      (error: unknown) => {
        if (id !== latest.current) return;
        setState((previous) => ({ ...previous, loading: false, error: previous.data === null }));
        if (!(error instanceof ApiError && error.notified)) showToast(store, failed, 'error');
      },
    );
  }, [load, store, failed]);

  useEffect(() => {
    if (!enabled) return;
    void reload();
    return () => {
      latest.current++;
    };
  }, [reload, enabled]);

  return { ...state, reload };
}
