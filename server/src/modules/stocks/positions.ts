import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, post, type AccountRef, type Mode } from '../ledger/ledger.js';
import { pushToUser } from '../platform/user-events.js';
import { venueOf, type StockCurrency } from './venue.js';

/**
 * Stock positions: the shares are ledger balances (the user's ledger wallet `stock` or `dayTrading`, asset = the
 * stock symbol, against the platform's `broker`), so `ledger verify` covers them; this file keeps what the ledger
 * does not — the cost basis of the shares held (running average, in the stock's currency and in USDT) and the
 * realised P/L — and moves both in one transaction.
 */

/** Which ledger wallet a stock order or delivery uses: ordinary stocks, or the separate day-trading wallet. */
export type StockBook = 'stock' | 'dayTrading';
export const STOCK_BOOKS: readonly StockBook[] = ['stock', 'dayTrading'];

/** USDT decimals the ledger keeps: converted figures are rounded to them, against the user. */
export const USDT_SCALE = 18;

/**
 * The user's account of `asset` in a book's ledger wallet. Ordinary stocks are paid from the spot wallet's USDT
 * (the spec's five wallets have no stock wallet), their shares kept in the ledger wallet `stock`; day trading keeps
 * both its USDT and its shares in the ledger wallet `dayTrading`.
 */
export function bookAccount(holder: string, mode: Mode, book: StockBook, asset: string, part: 'available' | 'held' = 'available'): AccountRef {
  const wallet = asset === 'USDT' ? (book === 'stock' ? 'spot' : 'dayTrading') : book;
  // a product's own ledger wallet: free text in the store (the AccountRef type lists the spec's wallets)
  return { holder, mode, wallet: wallet as AccountRef['wallet'], asset, part };
}

/** The platform's trading desk account of `asset` (a stock symbol's shares or USDT): the counterparty of every fill. */
export const brokerAccount = (mode: Mode, asset: string): AccountRef => ({ holder: PLATFORM, mode, wallet: 'broker', asset });
export const feesAccount = (mode: Mode, asset: string): AccountRef => ({ holder: PLATFORM, mode, wallet: 'fees', asset });

export interface PositionRow {
  userId: string;
  mode: Mode;
  book: StockBook;
  symbol: string;
  currency: StockCurrency;
  shares: string;
  costLocal: string;
  costUsdt: string;
  realisedUsdt: string;
  openedAt: Date;
  updatedAt: Date;
}

const COLUMNS = `user_id AS "userId", mode, book, symbol, currency, shares::text AS shares, cost_local::text AS "costLocal",
  cost_usdt::text AS "costUsdt", realised_usdt::text AS "realisedUsdt", opened_at AS "openedAt", updated_at AS "updatedAt"`;

/** The position row, locked until the caller's transaction ends (opened at zero when there was none). */
export async function lockPosition(tx: Db, key: { userId: string; mode: Mode; book: StockBook; symbol: string }, now: Date): Promise<PositionRow> {
  const currency = venueOf(key.symbol)?.currency;
  if (!currency) throw new Error(`stocks: ${key.symbol} is on no stock venue`);
  await tx.query(
    `INSERT INTO stock_positions (user_id, mode, book, symbol, currency, opened_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (user_id, mode, book, symbol) DO NOTHING`,
    [key.userId, key.mode, key.book, key.symbol, currency, now],
  );
  const { rows } = await tx.query<PositionRow>(
    `SELECT ${COLUMNS} FROM stock_positions WHERE user_id = $1 AND mode = $2 AND book = $3 AND symbol = $4 FOR UPDATE`,
    [key.userId, key.mode, key.book, key.symbol],
  );
  return rows[0]!;
}

/** Adds shares bought (or delivered) at their cost: the average cost is the total cost over the total shares. */
export async function addToPosition(tx: Db, position: PositionRow, shares: string, costLocal: string, costUsdt: string, now: Date): Promise<void> {
  const empty = new Dec(position.shares).isZero();
  await tx.query(
    `UPDATE stock_positions SET shares = shares + $5::numeric, cost_local = cost_local + $6::numeric, cost_usdt = cost_usdt + $7::numeric,
            opened_at = CASE WHEN $8::boolean THEN $9::timestamptz ELSE opened_at END, updated_at = $9::timestamptz
      WHERE user_id = $1 AND mode = $2 AND book = $3 AND symbol = $4`,
    [position.userId, position.mode, position.book, position.symbol, shares, costLocal, costUsdt, empty, now],
  );
}

/**
 * Takes shares sold out of the position at its running average cost; the proceeds (USDT, after the fee) less
 * that cost is the realised P/L. Answers the realised P/L of this sale.
 */
export async function takeFromPosition(tx: Db, position: PositionRow, shares: string, proceedsUsdt: string, now: Date): Promise<string> {
  const held = new Dec(position.shares);
  const sold = new Dec(shares);
  if (sold.gt(held)) throw new Error(`stocks: selling ${shares} of ${position.symbol} with ${position.shares} held`);
  const all = sold.eq(held);
  // the share of the cost leaving with the shares sold; all of it when the position is emptied (no dust left)
  const costLocal = all ? new Dec(position.costLocal) : new Dec(position.costLocal).times(sold).div(held).toDecimalPlaces(36);
  const costUsdt = all ? new Dec(position.costUsdt) : new Dec(position.costUsdt).times(sold).div(held).toDecimalPlaces(36);
  const realised = new Dec(proceedsUsdt).minus(costUsdt);
  await tx.query(
    `UPDATE stock_positions SET shares = shares - $5::numeric, cost_local = cost_local - $6::numeric, cost_usdt = cost_usdt - $7::numeric,
            realised_usdt = realised_usdt + $8::numeric, updated_at = $9
      WHERE user_id = $1 AND mode = $2 AND book = $3 AND symbol = $4`,
    [position.userId, position.mode, position.book, position.symbol, shares, costLocal.toFixed(), costUsdt.toFixed(), realised.toFixed(), now],
  );
  // keep the position's view in step for the caller
  position.shares = held.minus(sold).toFixed();
  position.costLocal = new Dec(position.costLocal).minus(costLocal).toFixed();
  position.costUsdt = new Dec(position.costUsdt).minus(costUsdt).toFixed();
  return realised.toFixed();
}

export interface Delivery {
  userId: string;
  mode: Mode;
  book: StockBook;
  symbol: string;
  /** Whole shares (a multiple of the venue's lot is the caller's rule: an IPO's lot, a block's quantity). */
  shares: string;
  /** The price per share the shares were paid at, in `priceCurrency`. */
  price: string;
  /** The stock's own currency (USD, JPY) or USDT when the price was paid in USDT. */
  priceCurrency: StockCurrency | 'USDT';
  /** USDT per unit of the stock's currency, and its version (stock_rate_versions), that the cost is converted at. */
  rate: string;
  rateVersion: number;
  /** What delivers the shares (e.g. { type: 'ipo-allocation', id: '12' }): the ledger batch's cause. */
  cause: { type: string; id: string };
  /** Once-only key: a second delivery with the same key moves nothing and answers `delivered: false`. */
  key: string;
}

/**
 * Moves `shares` of `symbol` from the platform's broker into the user's ledger wallet of `book` and adds them to
 * the position at their cost (price × shares, converted at the given rate), in the caller's transaction, once per
 * key. The payment itself is the caller's (an IPO's or block trade's hold posted to the broker). After commit
 * the user's positions stream gets `{ action: 'STOCK_POSITION', ... }`.
 */
export async function deliverShares(tx: Db, input: Delivery, now: Date): Promise<{ delivered: boolean; deliveryId: string }> {
  const venue = venueOf(input.symbol);
  if (!venue) throw new Error(`stocks: ${input.symbol} is on no stock venue`);
  const shares = new Dec(input.shares);
  if (!shares.gt(0) || !shares.isInteger()) throw new Error(`stocks: cannot deliver ${input.shares} shares`);
  if (input.priceCurrency !== 'USDT' && input.priceCurrency !== venue.currency) throw new Error(`stocks: ${input.symbol} is priced in ${venue.currency}, not ${input.priceCurrency}`);
  const rate = new Dec(input.rate);
  if (!rate.gt(0)) throw new Error('stocks: a delivery needs the rate its cost is converted at');

  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO stock_deliveries (key, user_id, mode, book, symbol, shares, price, price_currency, rate, rate_version, cause_type, cause_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (key) DO NOTHING RETURNING id::text AS id`,
    [input.key, input.userId, input.mode, input.book, input.symbol, shares.toFixed(), input.price, input.priceCurrency, rate.toFixed(), input.rateVersion, input.cause.type, input.cause.id, now],
  );
  if (!inserted.rows[0]) {
    const { rows } = await tx.query<{ id: string }>('SELECT id::text AS id FROM stock_deliveries WHERE key = $1', [input.key]);
    return { delivered: false, deliveryId: rows[0]!.id };
  }
  const value = new Dec(input.price).times(shares);
  const costLocal = input.priceCurrency === 'USDT' ? value.div(rate).toDecimalPlaces(36) : value;
  const costUsdt = input.priceCurrency === 'USDT' ? value : value.times(rate);

  const position = await lockPosition(tx, input, now);
  await post(tx, {
    key: `stock-deliver:${input.key}`,
    cause: input.cause,
    moves: [{ from: brokerAccount(input.mode, input.symbol), to: bookAccount(input.userId, input.mode, input.book, input.symbol), amount: shares.toFixed() }],
  }, now);
  await addToPosition(tx, position, shares.toFixed(), costLocal.toFixed(), costUsdt.toFixed(), now);
  pushToUser(tx, input.userId, { action: 'STOCK_POSITION', mode: input.mode, book: input.book, symbol: input.symbol });
  return { delivered: true, deliveryId: inserted.rows[0].id };
}
