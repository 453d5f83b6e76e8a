import type { Db } from '../../db/db.js';
import { normalize, type Mode } from '../ledger/ledger.js';
import type { Evidence } from '../trading/evidence.js';

export type Side = 'buy' | 'sell';
export type OrderType = 'market' | 'limit';
export type OrderStatus = 'pending' | 'opening' | 'completed' | 'canceled' | 'merged';

export interface OrderRow {
  id: string;
  userId: string;
  mode: Mode;
  symbol: string;
  base: string;
  quote: string;
  side: Side;
  type: OrderType;
  isIco: boolean;
  status: OrderStatus;
  price: string | null;
  quantity: string | null;
  amount: string | null;
  doneQuantity: string;
  doneValue: string;
  fee: string;
  feeAsset: string;
  frozenAsset: string;
  frozen: string;
  /** The named hold the frozen amount lives in (a limit order's own, or its conditional group's). */
  holdId: string | null;
  makerFeeRate: string;
  takerFeeRate: string;
  priceDecimals: number;
  amountDecimals: number;
  termsVersion: number;
  triggerId: string | null;
  requestKey: string;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface FillRow {
  id: string;
  orderId: string;
  price: string;
  quantity: string;
  value: string;
  fee: string;
  feeAsset: string;
  liquidity: 'maker' | 'taker';
  createdAt: Date;
  evidence: Evidence;
  receiptSeq: string;
  receiptHash: string;
}

const ORDER_COLUMNS = `id::text AS id, user_id::text AS "userId", mode, symbol, base, quote, side, type, is_ico AS "isIco", status,
  price::text AS price, quantity::text AS quantity, amount::text AS amount, done_quantity::text AS "doneQuantity",
  done_value::text AS "doneValue", fee::text AS fee, fee_asset AS "feeAsset", frozen_asset AS "frozenAsset", frozen::text AS frozen, hold_id::text AS "holdId",
  maker_fee_rate::text AS "makerFeeRate", taker_fee_rate::text AS "takerFeeRate", price_decimals AS "priceDecimals",
  amount_decimals AS "amountDecimals", terms_version AS "termsVersion", trigger_id::text AS "triggerId", request_key AS "requestKey",
  created_at AS "createdAt", updated_at AS "updatedAt", finished_at AS "finishedAt"`;

const n = (value: string | null) => (value === null ? null : normalize(value));

function tidyOrder(row: OrderRow): OrderRow {
  return {
    ...row,
    price: n(row.price),
    quantity: n(row.quantity),
    amount: n(row.amount),
    doneQuantity: normalize(row.doneQuantity),
    doneValue: normalize(row.doneValue),
    fee: normalize(row.fee),
    frozen: normalize(row.frozen),
    makerFeeRate: normalize(row.makerFeeRate),
    takerFeeRate: normalize(row.takerFeeRate),
    priceDecimals: Number(row.priceDecimals),
    amountDecimals: Number(row.amountDecimals),
    termsVersion: Number(row.termsVersion),
  };
}

/** What placing an order fixes: everything but its progress (done totals, fee, frozen, status, trigger, times). */
export type NewOrder = Omit<OrderRow, 'id' | 'status' | 'doneQuantity' | 'doneValue' | 'fee' | 'frozen' | 'holdId' | 'triggerId' | 'createdAt' | 'updatedAt' | 'finishedAt'> & {
  now: Date;
};

export async function insertOrder(tx: Db, o: NewOrder): Promise<OrderRow> {
  const { rows } = await tx.query<OrderRow>(
    `INSERT INTO spot_orders (user_id, mode, symbol, base, quote, side, type, is_ico, status, price, quantity, amount, fee_asset, frozen_asset,
       maker_fee_rate, taker_fee_rate, price_decimals, amount_decimals, terms_version, request_key, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
     RETURNING ${ORDER_COLUMNS}`,
    [o.userId, o.mode, o.symbol, o.base, o.quote, o.side, o.type, o.isIco, o.price, o.quantity, o.amount, o.feeAsset, o.frozenAsset,
      o.makerFeeRate, o.takerFeeRate, o.priceDecimals, o.amountDecimals, o.termsVersion, o.requestKey, o.now],
  );
  return tidyOrder(rows[0]!);
}

/** The order, locked for the rest of the transaction (PostgreSQL; PGlite runs one transaction at a time). */
export async function lockOrder(tx: Db, id: string): Promise<OrderRow | undefined> {
  const { rows } = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] && tidyOrder(rows[0]);
}

export async function findOrder(db: Db, where: { id: string } | { requestKey: string }): Promise<OrderRow | undefined> {
  const [column, value] = 'id' in where ? ['id', where.id] : ['request_key', where.requestKey];
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE ${column} = $1`, [value]);
  return rows[0] && tidyOrder(rows[0]);
}

/** Applies one execution's totals; a pending order is the only one that can change (the status guard). */
export async function applyExecution(
  tx: Db,
  id: string,
  change: { quantity: string; value: string; fee: string; unfrozen: string; status: OrderStatus; triggerId?: string | null; now: Date },
): Promise<OrderRow> {
  const { rows } = await tx.query<OrderRow>(
    `UPDATE spot_orders SET done_quantity = done_quantity + $2, done_value = done_value + $3, fee = fee + $4, frozen = frozen - $5,
       status = $6, updated_at = $7, finished_at = CASE WHEN $6 IN ('completed', 'canceled') THEN $7::timestamptz ELSE NULL END,
       trigger_id = COALESCE($8, trigger_id)
     WHERE id = $1 AND status = 'pending' RETURNING ${ORDER_COLUMNS}`,
    [id, change.quantity, change.value, change.fee, change.unfrozen, change.status, change.now, change.triggerId ?? null],
  );
  if (!rows[0]) throw new Error(`spot order ${id} is no longer pending`);
  return tidyOrder(rows[0]);
}

/** Records what the order holds frozen, in which hold, and its trigger once it rests. */
export async function setFrozen(tx: Db, id: string, frozen: string, holdId: string | null, triggerId: string | null): Promise<void> {
  await tx.query('UPDATE spot_orders SET frozen = $2, hold_id = $3, trigger_id = $4 WHERE id = $1', [id, frozen, holdId, triggerId]);
}

/** Cancels a pending order (the conditional update decides against a fill racing it); undefined if not pending. */
export async function cancelOrder(tx: Db, id: string, userId: string, now: Date): Promise<OrderRow | undefined> {
  const { rows } = await tx.query<OrderRow>(
    `UPDATE spot_orders SET status = 'canceled', frozen = 0, updated_at = $3, finished_at = $3
      WHERE id = $1 AND user_id = $2 AND status = 'pending' RETURNING ${ORDER_COLUMNS}`,
    [id, userId, now],
  );
  return rows[0] && tidyOrder(rows[0]);
}

export async function insertFill(
  tx: Db,
  f: { order: OrderRow; price: string; quantity: string; value: string; fee: string; liquidity: 'maker' | 'taker'; evidence: Evidence; receiptSeq: string; now: Date },
): Promise<void> {
  const e = f.evidence;
  await tx.query(
    `INSERT INTO spot_fills (order_id, user_id, mode, symbol, side, price, quantity, value, fee, fee_asset, liquidity, tick_symbol, feed_time,
       bid, ask, last, source, side_used, levels, receipt_seq, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
    [f.order.id, f.order.userId, f.order.mode, f.order.symbol, f.order.side, f.price, f.quantity, f.value, f.fee, f.order.feeAsset, f.liquidity,
      e.symbol, e.feedTime, e.bid, e.ask, e.last, e.source, e.sideUsed, JSON.stringify(e.levels), f.receiptSeq, f.now],
  );
}

export async function fillsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, FillRow[]>> {
  const out = new Map<string, FillRow[]>();
  if (!orderIds.length) return out;
  const { rows } = await db.query<FillRow & { tickSymbol: string; feedTime: Date; bid: string; ask: string; last: string; source: Evidence['source']; sideUsed: Evidence['sideUsed']; levels: [string, string][] }>(
    `SELECT f.id::text AS id, f.order_id::text AS "orderId", f.price::text AS price, f.quantity::text AS quantity, f.value::text AS value,
            f.fee::text AS fee, f.fee_asset AS "feeAsset", f.liquidity, f.created_at AS "createdAt", f.tick_symbol AS "tickSymbol",
            f.feed_time AS "feedTime", f.bid::text AS bid, f.ask::text AS ask, f.last::text AS last, f.source, f.side_used AS "sideUsed",
            f.levels, f.receipt_seq::text AS "receiptSeq", r.hash AS "receiptHash"
       FROM spot_fills f JOIN receipt_links r ON r.seq = f.receipt_seq
      WHERE f.order_id = ANY($1::bigint[]) ORDER BY f.id`,
    [orderIds],
  );
  for (const row of rows) {
    const list = out.get(row.orderId) ?? [];
    list.push({
      id: row.id,
      orderId: row.orderId,
      price: normalize(row.price),
      quantity: normalize(row.quantity),
      value: normalize(row.value),
      fee: normalize(row.fee),
      feeAsset: row.feeAsset,
      liquidity: row.liquidity,
      createdAt: row.createdAt,
      receiptSeq: row.receiptSeq,
      receiptHash: row.receiptHash,
      evidence: {
        symbol: row.tickSymbol,
        feedTime: row.feedTime,
        bid: normalize(row.bid),
        ask: normalize(row.ask),
        last: normalize(row.last),
        source: row.source,
        sideUsed: row.sideUsed,
        levels: row.levels,
      },
    });
    out.set(row.orderId, list);
  }
  return out;
}

export async function listOrders(
  db: Db,
  userId: string,
  mode: Mode,
  filter: { open: boolean; symbol?: string | undefined; status?: OrderStatus | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: OrderRow[] }> {
  const where = `user_id = $1 AND mode = $2 AND ${filter.open ? `status = 'pending'` : `status IN ('completed', 'canceled', 'merged')`}
    AND ($3::text IS NULL OR symbol = $3) AND ($4::text IS NULL OR status = $4)`;
  const params = [userId, mode, filter.symbol ?? null, filter.status ?? null];
  const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM spot_orders WHERE ${where}`, params);
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE ${where} ORDER BY spot_orders.id DESC LIMIT $5 OFFSET $6`, [
    ...params,
    filter.limit,
    filter.offset,
  ]);
  return { total: Number(total.rows[0]!.count), rows: rows.map(tidyOrder) };
}

/** Every open order (operators), oldest first. */
export async function openOrders(db: Db, symbol?: string): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE status = 'pending' AND ($1::text IS NULL OR symbol = $1) ORDER BY spot_orders.id`,
    [symbol ?? null],
  );
  return rows.map(tidyOrder);
}

/** The user's spot fills of one base asset in time order (the cost basis of a holding). */
export async function fillsOfAsset(db: Db, userId: string, mode: Mode, base: string): Promise<{ side: Side; quantity: string; value: string; fee: string; feeAsset: string }[]> {
  const { rows } = await db.query<{ side: Side; quantity: string; value: string; fee: string; feeAsset: string }>(
    `SELECT f.side, f.quantity::text AS quantity, f.value::text AS value, f.fee::text AS fee, f.fee_asset AS "feeAsset"
       FROM spot_fills f JOIN spot_orders o ON o.id = f.order_id
      WHERE f.user_id = $1 AND f.mode = $2 AND o.base = $3 ORDER BY f.id`,
    [userId, mode, base],
  );
  return rows;
}

/** How many fills the order has (the next fill's number, less one: it names the fill's receipt and ledger batch). */
export async function fillCount(tx: Db, orderId: string): Promise<number> {
  const { rows } = await tx.query<{ count: string }>('SELECT count(*)::text AS count FROM spot_fills WHERE order_id = $1', [orderId]);
  return Number(rows[0]!.count);
}

/** The tick the order's last fill took (its evidence's feed time and prices), if it has a fill. */
export async function lastFillTick(tx: Db, orderId: string): Promise<{ feedTime: Date; bid: string; ask: string; last: string } | undefined> {
  const { rows } = await tx.query<{ feedTime: Date; bid: string; ask: string; last: string }>(
    `SELECT feed_time AS "feedTime", bid::text AS bid, ask::text AS ask, last::text AS last FROM spot_fills WHERE order_id = $1 ORDER BY id DESC LIMIT 1`,
    [orderId],
  );
  return rows[0];
}
