import { useCallback, useRef, useState } from 'react';
import { useStore } from 'jotai';
import axios from 'axios';
import { ApiError, showToast } from '@meridian/shared';
import { useT } from '../../i18n';

/** Refusals a trade screen answers with a screen of its own rather than only the toast. */
export const OUT_OF_TRADING_TIME = 'outOfTradingTime';

/**
 * One trade call at a time (a second tap while one is on its way does nothing). A refusal the request
 * conventions already toasted says nothing more (the KYC one also opened the KYC screen there); a network
 * failure of a non-silent call was toasted too; anything else gets "The request failed". Resolves with the
 * result, or undefined, after telling `onRefused` the refusal's reason.
 */
export function useTradeAction() {
  const store = useStore();
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(
    async <R>(action: () => Promise<R>, onRefused?: (reason: string | undefined) => void): Promise<R | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      try {
        return await action();
      } catch (failure) {
        if (failure instanceof ApiError) {
          if (!failure.notified && failure.message) showToast(store, failure.message, 'error');
          onRefused?.(failure.reason);
        } else if (!(axios.isAxiosError(failure) && failure.code === 'ERR_NETWORK')) {
          showToast(store, t('requestFailed'), 'error');
        }
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [store, t],
  );
  return { busy, run };
}
