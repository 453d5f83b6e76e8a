import type { StockMarketValueView, StockOrderView, StockPositionView } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { balances, normalize, type Mode } from '../ledger/ledger.js';
import { toUsdt, type RateVersion } from './conversion.js';
import type { StockFillRow, StockOrderRow } from './order-storage.js';
import type { PositionRow, StockBook } from './positions.js';
import type { StockCurrency, VenueId } from './venue.js';

/** The wire views of stock orders, positions and a book's totals (contracts/src/stocks/orders.ts). */

export function orderView(o: StockOrderRow, fills: readonly StockFillRow[] = [], priceDecimals = 2): StockOrderView {
  const done = new Dec(o.doneShares);
  return {
    id: o.id, symbol: o.symbol, book: o.book, venue: o.venue, currency: o.currency, side: o.side, type: o.type, timeInForce: o.timeInForce,
    status: o.status, origin: o.origin, price: o.price, shares: o.shares, doneShares: o.doneShares,
    averagePrice: done.gt(0) ? new Dec(o.doneValue).div(done).toFixed(priceDecimals) : null,
    doneValue: o.doneValue, doneValueUsdt: o.doneValueUsdt, feeUsdt: o.feeUsdt, feeRate: o.feeRate, rate: o.rate, rateVersion: o.rateVersion,
    feeTermsVersion: o.feeTermsVersion, takerFeeRate: o.takerFeeRate, makerFeeRate: o.makerFeeRate,
    frozen: o.frozen, frozenAsset: o.frozenAsset, expiresAt: o.expiresAt ? o.expiresAt.getTime() : null,
    createdAt: o.createdAt.toISOString(), updatedAt: o.updatedAt.toISOString(), finishedAt: o.finishedAt ? o.finishedAt.toISOString() : null,
    fills: fills.map((f) => ({
      id: f.id, price: f.price, shares: f.shares, value: f.value, valueUsdt: f.valueUsdt, feeUsdt: f.feeUsdt, liquidity: f.liquidity,
      time: f.createdAt.toISOString(), evidence: { ...f.evidence, feedTime: f.evidence.feedTime.toISOString() }, receiptHash: f.receiptHash,
    })),
  };
}

/** The positions of a book with shares, as stored (cost basis) beside the ledger's shares (available, frozen). */
export async function heldPositions(db: Db, user: { id: string; mode: Mode }, book: StockBook): Promise<{ row: PositionRow; available: string; frozen: string }[]> {
  const { rows } = await db.query<PositionRow>(
    `SELECT user_id AS "userId", mode, book, symbol, currency, shares::text AS shares, cost_local::text AS "costLocal", cost_usdt::text AS "costUsdt",
            realised_usdt::text AS "realisedUsdt", opened_at AS "openedAt", updated_at AS "updatedAt"
       FROM stock_positions WHERE user_id = $1 AND mode = $2 AND book = $3 AND shares > 0 ORDER BY symbol`,
    [user.id, user.mode, book],
  );
  const ledger = await balances(db, user.id, user.mode, book as never);
  return rows.map((row) => {
    const held = ledger.find((b) => b.asset === row.symbol);
    return { row: { ...row, shares: normalize(row.shares) }, available: held?.available ?? '0', frozen: held?.frozen ?? '0' };
  });
}

export interface Priced {
  name: string;
  venue: VenueId;
  price: string;
  bid: string;
  marketOpen: boolean;
  priceDecimals: number;
}

/**
 * One position on the wire: cost price (average, stock currency), now price (last), sell price (bid), market
 * value at the bid (what selling would start at), P/L against the cost — in the stock's currency against the local
 * cost, in USDT against the USDT cost (fees included) at the rate in force; null in USDT while no rate is set.
 */
export function positionView(p: { row: PositionRow; available: string; frozen: string }, priced: Priced, rate: RateVersion | undefined): StockPositionView {
  const { row } = p;
  const shares = new Dec(row.shares);
  const dp = priced.priceDecimals;
  const market = new Dec(priced.bid).times(shares);
  const pnl = market.minus(row.costLocal);
  const marketUsdt = rate ? toUsdt(market.toFixed(), rate) : null;
  const pnlUsdt = marketUsdt ? new Dec(marketUsdt.value).minus(row.costUsdt) : null;
  return {
    symbol: row.symbol, name: priced.name, book: row.book, venue: priced.venue, currency: row.currency as StockCurrency,
    shares: shares.toFixed(), availableShares: p.available, frozenShares: p.frozen,
    costPrice: shares.gt(0) ? new Dec(row.costLocal).div(shares).toFixed(dp) : '0',
    costUsdt: new Dec(row.costUsdt).toDecimalPlaces(18, Dec.ROUND_UP).toFixed(),
    nowPrice: priced.price, sellPrice: priced.bid, marketValue: market.toFixed(),
    marketValueUsdt: marketUsdt ? { ...marketUsdt, value: new Dec(marketUsdt.value).toDecimalPlaces(18, Dec.ROUND_DOWN).toFixed() } : null,
    pnl: pnl.toFixed(),
    pnlUsdt: pnlUsdt ? pnlUsdt.toDecimalPlaces(18, Dec.ROUND_DOWN).toFixed() : null,
    pnlPercent: pnlUsdt && new Dec(row.costUsdt).gt(0) ? pnlUsdt.div(row.costUsdt).times(100).toFixed(2) : new Dec(row.costLocal).gt(0) ? pnl.div(row.costLocal).times(100).toFixed(2) : null,
    realisedUsdt: new Dec(row.realisedUsdt).toDecimalPlaces(18, Dec.ROUND_DOWN).toFixed(),
    marketOpen: priced.marketOpen,
  };
}

/** A book's totals in USDT: positions without a rate for their currency are left out and named. */
export function marketValueView(book: StockBook, positions: readonly StockPositionView[], wallet: { available: string; frozen: string }): StockMarketValueView {
  let value = new Dec(0);
  let cost = new Dec(0);
  const unpriced = new Set<StockCurrency>();
  for (const p of positions) {
    if (!p.marketValueUsdt) unpriced.add(p.currency);
    else {
      value = value.plus(p.marketValueUsdt.value);
      cost = cost.plus(p.costUsdt);
    }
  }
  const pnl = value.minus(cost);
  return {
    book, marketValueUsdt: value.toFixed(), costUsdt: cost.toFixed(), pnlUsdt: pnl.toFixed(), pnlPercent: cost.gt(0) ? pnl.div(cost).times(100).toFixed(2) : null,
    positions: positions.length, frozenUsdt: wallet.frozen, availableUsdt: wallet.available, unpricedCurrencies: [...unpriced],
  };
}
