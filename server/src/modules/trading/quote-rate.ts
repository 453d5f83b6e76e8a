import { Dec } from '../ledger/decimal.js';
import type { Tick } from '../market/feed/port.js';

/** Decimals of a conversion rate: units (≤ 5 decimals) × rate still fit the ledger's 18. */
export const QUOTE_RATE_SCALE = 12;

/** The tick a conversion rate was read from, kept with the order and in its fill receipt. */
export interface QuoteRateEvidence {
  symbol: string;
  feedTime: string;
  bid: string;
  ask: string;
  /** The rate is 1 / mid (the quote currency is the pair's quote, e.g. JPY from USDJPY) rather than the mid itself. */
  inverted: boolean;
}

export interface QuoteRate {
  /** USDT per unit of the quote currency. */
  rate: string;
  evidence: QuoteRateEvidence | null;
}

/**
 * What one unit of an instrument's quote currency is worth in USDT, the contract wallet's asset: 1 for USDT (and
 * USD, counted 1:1), else the mid price of the quote currency's USD pair on the feed (CAD from USDCAD, GBP from
 * GBPUSD). Null when the feed has no such pair. Margin-trading a pair not quoted in USDT multiplies every money
 * figure of its position by this rate, fixed when the order is placed (a quanto contract: see the README).
 */
export function quoteRate(quote: string, tick: (symbol: string) => Tick | undefined): QuoteRate | null {
  if (quote === 'USDT' || quote === 'USD') return { rate: '1', evidence: null };
  const direct = tick(`${quote}USD`);
  const inverse = direct ? undefined : tick(`USD${quote}`);
  const used = direct ?? inverse;
  if (!used) return null;
  const mid = new Dec(used.bid).plus(used.ask).div(2);
  if (!mid.gt(0)) return null;
  const rate = (direct ? mid : new Dec(1).div(mid)).toDecimalPlaces(QUOTE_RATE_SCALE, Dec.ROUND_HALF_UP);
  return {
    rate: rate.toFixed(),
    evidence: { symbol: used.symbol, feedTime: new Date(used.time).toISOString(), bid: used.bid, ask: used.ask, inverted: !direct },
  };
}
