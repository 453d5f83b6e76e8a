import Decimal from 'decimal.js';
import { forex, market } from '@meridian/contracts';
import { useApiQuery } from '@meridian/shared';
import type { MarketQuote } from '../../api/market';

/** The pair's terms (lots, leverages, tiers, decimals, hours): one cache entry per pair, shared with the chart. */
export const useForexConfig = (symbol: string, enabled = true) => useApiQuery(forex.config, { symbol }, { enabled });

/** How a screen that only has a symbol states a forex position: in lots of the pair, at the pair's decimals. */
export interface ForexTerms {
  priceDecimals: number;
  /** `quantity` units as lots of the pair, with the units and the base currency beside them. */
  lots: (quantity: string) => { lots: string; units: string; base: string };
}

/**
 * The forex terms of `symbol` when it is a forex pair (its catalogue category says so), `null` for any other
 * market or while they load: the perpetual detail screens, which also show forex positions, state them as the
 * forex tab does.
 */
export function useForexTerms(symbol: string): ForexTerms | null {
  const quote = useApiQuery(market.price, { symbol }, { enabled: symbol !== '', select: (answer) => answer as MarketQuote });
  const config = useForexConfig(symbol, quote.data?.category === 'FOREX');
  const terms = config.data;
  if (quote.data?.category !== 'FOREX' || !terms) return null;
  const base = symbol.slice(0, symbol.length - terms.quoteCurrency.length);
  return {
    priceDecimals: terms.priceDecimals,
    lots: (quantity) => ({ lots: new Decimal(quantity).div(terms.contractSize).toFixed(), units: quantity, base }),
  };
}
