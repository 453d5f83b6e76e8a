import { Dec } from '../ledger/decimal.js';
import type { StockCurrency } from './venue.js';

/** One operator-set rate: `rate` USDT for 1 unit of `currency`, in force from `setAt` until a later version. */
export interface RateVersion {
  currency: StockCurrency;
  /** Counts per currency from 1; every converted figure names the version it used. */
  version: number;
  rate: string;
  setAt: number;
}

/** A figure in USDT with the rate that made it, as the wire carries every converted figure. */
export interface Converted {
  value: string;
  currency: StockCurrency;
  rate: string;
  rateVersion: number;
}

/** The rate's text for the store and the wire: a plain positive decimal, refused otherwise (the caller says how). */
export function parseRate(text: string): string | null {
  if (!/^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/.test(text)) return null;
  const value = new Dec(text);
  return value.gt(0) ? value.toFixed() : null;
}

/**
 * `amount` (in the rate's currency) in USDT: the exact product, no rounding (the amount and the rate both have
 * at most 18 decimals, so the product has at most 36 and fits the 64 digits Dec keeps).
 */
export function toUsdt(amount: string, rate: RateVersion): Converted {
  return { value: new Dec(amount).times(rate.rate).toFixed(), currency: rate.currency, rate: rate.rate, rateVersion: rate.version };
}
