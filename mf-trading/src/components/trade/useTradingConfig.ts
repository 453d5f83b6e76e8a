import { trading } from '@meridian/contracts';
import { useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { fetchConfig } from '../../api/trading';

/**
 * One instrument's terms (decimals, leverages, fees, bounds) and, logged in, the user's margin and position modes.
 * One cache entry per symbol and login state, shared by the form, the book and the close dialog.
 */
export function useTradingConfig(symbol: string) {
  const loggedIn = useIsLoggedIn();
  const config = useApiQuery(trading.config.path, { symbol, loggedIn }, () => fetchConfig(symbol), { retry: false });
  const terms = config.data?.instruments.find((item) => item.symbol === symbol) ?? null;
  return { config, terms, settings: config.data?.settings ?? null };
}
