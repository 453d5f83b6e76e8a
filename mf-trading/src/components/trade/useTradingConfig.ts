import { trading } from '@meridian/contracts';
import { useEffect, useRef } from 'react';
import { useApiQuery, useIsLoggedIn } from '@meridian/shared';

/**
 * One instrument's terms (decimals, leverages, fees, bounds) and, logged in, the user's margin and position modes.
 * One cache entry per symbol, shared by the form, the book and the close dialog; read again when the user logs in
 * or out (the settings are the user's).
 */
export function useTradingConfig(symbol: string) {
  const loggedIn = useIsLoggedIn();
  const config = useApiQuery(trading.config, { symbol }, { retry: false });
  const { refetch } = config;
  const seen = useRef(loggedIn);
  useEffect(() => {
    if (seen.current === loggedIn) return;
    seen.current = loggedIn;
    void refetch();
  }, [loggedIn, refetch]);
  const terms = config.data?.instruments.find((item) => item.symbol === symbol) ?? null;
  return { config, terms, settings: config.data?.settings ?? null };
}
