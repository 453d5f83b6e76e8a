import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { UNIT_SCALE, VALUE_SCALE, type AiFundTerms } from './terms.js';

/** Units of each instrument one share holds. */
export type Basket = Record<string, string>;

/** One recorded price a valuation used: a stored K-line bar's close, with the bar's start and interval. */
export interface PriceEvidence {
  symbol: string;
  price: string;
  /** the bar's open time (ISO) */
  time: string;
  interval: string;
  /** value: priced the basket; lookback: a momentum ranking's starting price */
  role: 'value' | 'lookback';
}

const DAY_MS = 86_400_000;

/**
 * The last recorded price of a symbol at `at`: the close of the latest stored bar that opened at or before it,
 * preferring the finest interval (1m bars are written as the feed ticks; older history has coarser bars only).
 */
export async function recordedPrice(db: Db, symbol: string, at: Date, role: PriceEvidence['role'] = 'value'): Promise<PriceEvidence | undefined> {
  for (const interval of ['1m', '15m', '1h', '1d']) {
    const { rows } = await db.query<{ close: string; openTime: Date }>(
      `SELECT close::text AS close, open_time AS "openTime" FROM market_kline
        WHERE symbol = $1 AND interval = $2 AND open_time <= $3 ORDER BY open_time DESC LIMIT 1`,
      [symbol, interval, at],
    );
    const row = rows[0];
    if (row) return { symbol, price: new Dec(row.close).toFixed(), time: row.openTime.toISOString(), interval, role };
  }
  return undefined;
}

/** value = Σ units × price, rounded down to VALUE_SCALE (the one formula of every value row). */
export function valueOf(basket: Basket, prices: readonly PriceEvidence[]): Dec {
  let total = new Dec(0);
  for (const [symbol, units] of Object.entries(basket)) {
    const price = prices.find((p) => p.symbol === symbol && p.role === 'value');
    if (!price) throw new Error(`no price for ${symbol}`);
    total = total.plus(new Dec(units).times(price.price));
  }
  return total.toDecimalPlaces(VALUE_SCALE, Dec.ROUND_DOWN);
}

/** Equal weights over `symbols`: units_i = value / n / price_i, rounded down to UNIT_SCALE. */
export function equalBasket(value: Dec, symbols: readonly string[], prices: readonly PriceEvidence[]): Basket {
  const basket: Basket = {};
  const share = value.div(symbols.length);
  for (const symbol of symbols) {
    const price = prices.find((p) => p.symbol === symbol && p.role === 'value')!;
    basket[symbol] = share.div(price.price).toDecimalPlaces(UNIT_SCALE, Dec.ROUND_DOWN).toFixed();
  }
  return basket;
}

/** The momentum ranking: the `top` symbols by price / lookback price, highest first (ties by symbol). */
export function momentumPick(symbols: readonly string[], prices: readonly PriceEvidence[], top: number): string[] {
  const ranked = symbols
    .map((symbol) => {
      const now = prices.find((p) => p.symbol === symbol && p.role === 'value');
      const then = prices.find((p) => p.symbol === symbol && p.role === 'lookback');
      return { symbol, growth: now && then ? new Dec(now.price).div(then.price) : undefined };
    })
    .filter((r): r is { symbol: string; growth: Dec } => r.growth !== undefined)
    .sort((a, b) => b.growth.comparedTo(a.growth) || a.symbol.localeCompare(b.symbol));
  return ranked.slice(0, top).map((r) => r.symbol);
}

/** The recorded prices a valuation at `at` needs: each symbol's last price, and for momentum its lookback price. */
export async function gatherPrices(db: Db, symbols: readonly string[], at: Date, lookbackDays?: number): Promise<PriceEvidence[]> {
  const out: PriceEvidence[] = [];
  for (const symbol of symbols) {
    const now = await recordedPrice(db, symbol, at);
    if (now) out.push(now);
    if (lookbackDays) {
      const then = await recordedPrice(db, symbol, new Date(at.getTime() - lookbackDays * DAY_MS), 'lookback');
      if (then) out.push(then);
    }
  }
  return out;
}

/** The basket a rebalance (or inception) at `value` chooses by the terms' rule; undefined when no symbol is priced. */
export function chooseBasket(terms: AiFundTerms, value: Dec, prices: readonly PriceEvidence[]): Basket | undefined {
  const priced = terms.symbols.filter((s) => prices.some((p) => p.symbol === s && p.role === 'value'));
  const picked = terms.strategy === 'momentum' ? momentumPick(priced, prices, terms.top ?? 1) : priced;
  if (picked.length === 0) return undefined;
  return equalBasket(value, picked, prices);
}
