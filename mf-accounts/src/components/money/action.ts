import { useCallback, useRef, useState } from 'react';
import { useStore } from 'jotai';
import axios from 'axios';
import { ApiError, showToast } from '@meridian/shared';
import { useT } from '../../i18n';

/**
 * What a failed money call should tell the user, once: a refusal the request conventions already toasted says
 * nothing more; an unseen refusal shows its msg; a network failure of a non-silent request was toasted by the
 * conventions (no network); anything else is the generic "Something went wrong".
 */
export function useReportFailure() {
  const store = useStore();
  const { t } = useT();
  return useCallback(
    (failure: unknown) => {
      if (failure instanceof ApiError) {
        if (!failure.notified && failure.message) showToast(store, failure.message, 'error');
      } else if (!(axios.isAxiosError(failure) && failure.code === 'ERR_NETWORK' && failure.config?.silent !== true)) {
        // (a silent request's network failure was not toasted by the conventions: say it here)
        showToast(store, t('requestFailed'), 'error');
      }
    },
    [store, t],
  );
}

/** One money call at a time; resolves with its result, or undefined when it failed (and was reported). */
export function useMoneyAction() {
  const report = useReportFailure();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(
    async <R>(call: () => Promise<R>, onFailure?: (failure: unknown) => boolean): Promise<{ value: R } | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      try {
        return { value: await call() };
      } catch (failure) {
        // onFailure answers true when it handled the failure itself
        if (!onFailure?.(failure)) report(failure);
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [report],
  );
  return { busy, run };
}
