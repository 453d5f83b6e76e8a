import { Decimal } from 'decimal.js';
import type { Bar } from '../../klines/bar.js';
import type { RestKline } from './format.js';

/**
 * The exchange quotes more decimals than an instrument shows (Binance sends eight, DOTUSDT trades in 0.001), so
 * every value is rounded to the instrument's decimals here, in decimal arithmetic. The direction is chosen so
 * that rounding never shows a better deal than the exchange offers: bids round down, asks up, amounts down;
 * the last price rounds half up.
 */
export interface Decimals {
  priceDecimals: number;
  amountDecimals: number;
}

export const roundLast = (text: string, dp: number): string => new Decimal(text).toFixed(dp, Decimal.ROUND_HALF_UP);
export const roundBid = (text: string, dp: number): string => new Decimal(text).toFixed(dp, Decimal.ROUND_FLOOR);
export const roundAsk = (text: string, dp: number): string => new Decimal(text).toFixed(dp, Decimal.ROUND_CEIL);
export const roundAmount = (value: Decimal.Value, dp: number): string => new Decimal(value).toFixed(dp, Decimal.ROUND_DOWN);

/**
 * One side of a book on the instrument's grid: levels that land on the same rounded price are merged (their
 * amounts added), levels whose amount rounds to nothing are left out, best first (bids descending, asks
 * ascending), at most `limit`.
 */
export function roundSide(levels: readonly [string, string][], side: 'bids' | 'asks', decimals: Decimals, limit: number): [string, string][] {
  const round = side === 'bids' ? roundBid : roundAsk;
  const merged = new Map<string, Decimal>();
  for (const [price, amount] of levels) {
    const key = round(price, decimals.priceDecimals);
    merged.set(key, (merged.get(key) ?? new Decimal(0)).plus(amount));
  }
  const out: [string, string][] = [];
  for (const [price, amount] of merged) {
    const text = roundAmount(amount, decimals.amountDecimals);
    if (new Decimal(text).greaterThan(0) && new Decimal(price).greaterThan(0)) out.push([price, text]);
  }
  out.sort(([a], [b]) => (side === 'bids' ? new Decimal(b).comparedTo(a) : new Decimal(a).comparedTo(b)));
  return out.slice(0, limit);
}

export function toBar(kline: RestKline, decimals: Decimals): Bar {
  const dp = decimals.priceDecimals;
  return {
    openTime: kline[0],
    open: roundLast(kline[1], dp),
    high: roundLast(kline[2], dp),
    low: roundLast(kline[3], dp),
    close: roundLast(kline[4], dp),
    volume: roundAmount(kline[5], decimals.amountDecimals),
  };
}
