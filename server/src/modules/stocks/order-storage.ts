import type { Db } from '../../db/db.js';
import { normalize, type Mode } from '../ledger/ledger.js';
import type { Evidence } from '../trading/evidence.js';
import type { StockBook } from './positions.js';
import type { StockCurrency, VenueId } from './venue.js';

/** Stock orders and fills as stored (migration 0040). */
export type Side = 'buy' | 'sell';
export type StockOrderStatus = 'pending' | 'completed' | 'canceled' | 'expired';

export interface StockOrderRow {
  id: string;
  userId: string;
  mode: Mode;
  book: StockBook;
  symbol: string;
  venue: VenueId;
  currency: StockCurrency;
  side: Side;
  type: 'market' | 'limit';
  timeInForce: 'DAY' | 'GTC';
  status: StockOrderStatus;
  origin: 'user' | 'sessionEnd';
  price: string | null;
  shares: string;
  doneShares: string;
  doneValue: string;
  doneValueUsdt: string;
  feeUsdt: string;
  feeRate: string;
  /** The fee terms version in force when placed (product kit, fee-terms.ts), and its rates, copied. */
  feeTermsVersionId: string;
  feeTermsVersion: number;
  takerFeeRate: string;
  makerFeeRate: string;
  rate: string;
  rateVersion: number;
  frozen: string;
  frozenAsset: string;
  /** The named hold a resting order's funds wait in (migration 0067); null for a market order. */
  holdId: string | null;
  triggerId: string | null;
  expiresAt: Date | null;
  requestKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface StockFillRow {
  id: string;
  orderId: string;
  price: string;
  shares: string;
  value: string;
  valueUsdt: string;
  feeUsdt: string;
  liquidity: 'maker' | 'taker';
  evidence: Evidence;
  createdAt: Date;
  receiptHash: string;
}

const COLUMNS = `id::text AS id, user_id AS "userId", mode, book, symbol, venue, currency, side, type, time_in_force AS "timeInForce", status, origin,
  price::text AS price, shares::text AS shares, done_shares::text AS "doneShares", done_value::text AS "doneValue",
  done_value_usdt::text AS "doneValueUsdt", fee_usdt::text AS "feeUsdt", fee_rate::text AS "feeRate", rate::text AS rate,
  fee_terms_version_id::text AS "feeTermsVersionId", fee_terms_version AS "feeTermsVersion", taker_fee_rate::text AS "takerFeeRate", maker_fee_rate::text AS "makerFeeRate",
  rate_version AS "rateVersion", frozen::text AS frozen, frozen_asset AS "frozenAsset", hold_id::text AS "holdId", trigger_id::text AS "triggerId",
  expires_at AS "expiresAt", request_key AS "requestKey", created_at AS "createdAt", updated_at AS "updatedAt", finished_at AS "finishedAt"`;

const NUMERIC: (keyof StockOrderRow)[] = ['price', 'shares', 'doneShares', 'doneValue', 'doneValueUsdt', 'feeUsdt', 'feeRate', 'takerFeeRate', 'makerFeeRate', 'rate', 'frozen'];
function clean(row: StockOrderRow): StockOrderRow {
  const out = { ...row, rateVersion: Number(row.rateVersion), feeTermsVersion: Number(row.feeTermsVersion) } as Record<string, unknown>;
  for (const key of NUMERIC) if (out[key] != null) out[key] = normalize(out[key] as string);
  return out as unknown as StockOrderRow;
}

export type NewOrder = Omit<StockOrderRow, 'id' | 'status' | 'doneShares' | 'doneValue' | 'doneValueUsdt' | 'feeUsdt' | 'frozen' | 'holdId' | 'triggerId' | 'createdAt' | 'updatedAt' | 'finishedAt'>;

export async function insertOrder(tx: Db, o: NewOrder, now: Date): Promise<StockOrderRow> {
  const { rows } = await tx.query<StockOrderRow>(
    `INSERT INTO stock_orders (user_id, mode, book, symbol, venue, currency, side, type, time_in_force, status, origin, price, shares, fee_rate, rate,
                               rate_version, frozen_asset, expires_at, request_key, created_at, updated_at,
                               fee_terms_version_id, fee_terms_version, taker_fee_rate, maker_fee_rate)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, $20, $21, $22, $23) RETURNING ${COLUMNS}`,
    [o.userId, o.mode, o.book, o.symbol, o.venue, o.currency, o.side, o.type, o.timeInForce, o.origin, o.price, o.shares, o.feeRate, o.rate,
      o.rateVersion, o.frozenAsset, o.expiresAt, o.requestKey, now, o.feeTermsVersionId, o.feeTermsVersion, o.takerFeeRate, o.makerFeeRate],
  );
  return clean(rows[0]!);
}

export async function findOrder(db: Db, by: { id?: string; requestKey?: string }): Promise<StockOrderRow | undefined> {
  const { rows } = by.id !== undefined
    ? await db.query<StockOrderRow>(`SELECT ${COLUMNS} FROM stock_orders WHERE id = $1`, [by.id])
    : await db.query<StockOrderRow>(`SELECT ${COLUMNS} FROM stock_orders WHERE request_key = $1`, [by.requestKey]);
  return rows[0] && clean(rows[0]);
}

export async function lockOrder(tx: Db, id: string): Promise<StockOrderRow | undefined> {
  const { rows } = await tx.query<StockOrderRow>(`SELECT ${COLUMNS} FROM stock_orders WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] && clean(rows[0]);
}

/** Adds one execution to the order's totals; the order's status and what it still holds frozen. */
export async function applyExecution(
  tx: Db,
  id: string,
  e: { shares: string; value: string; valueUsdt: string; feeUsdt: string; unfrozen: string; status: StockOrderStatus; now: Date },
): Promise<StockOrderRow> {
  const { rows } = await tx.query<StockOrderRow>(
    `UPDATE stock_orders SET done_shares = done_shares + $2::numeric, done_value = done_value + $3::numeric,
            done_value_usdt = done_value_usdt + $4::numeric, fee_usdt = fee_usdt + $5::numeric, frozen = frozen - $6::numeric,
            status = $7, updated_at = $8::timestamptz, finished_at = CASE WHEN $7::text = 'pending' THEN NULL ELSE $8::timestamptz END
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, e.shares, e.value, e.valueUsdt, e.feeUsdt, e.unfrozen, e.status, e.now],
  );
  return clean(rows[0]!);
}

export async function setFrozen(tx: Db, id: string, frozen: string, holdId: string | null, triggerId: string | null): Promise<void> {
  await tx.query('UPDATE stock_orders SET frozen = $2::numeric, hold_id = $3, trigger_id = $4 WHERE id = $1', [id, frozen, holdId, triggerId]);
}

/** A pending order to canceled or expired, holding nothing any more; undefined when it was no longer pending. */
export async function finishOrder(tx: Db, id: string, status: 'canceled' | 'expired', now: Date): Promise<StockOrderRow | undefined> {
  const { rows } = await tx.query<StockOrderRow>(
    `UPDATE stock_orders SET status = $2, frozen = 0, updated_at = $3, finished_at = $3 WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, status, now],
  );
  return rows[0] && clean(rows[0]);
}

/** DAY orders still open whose venue close has passed, oldest first (the expiry job's work). */
export async function dueDayOrders(db: Db, now: Date, limit = 200): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM stock_orders WHERE status = 'pending' AND time_in_force = 'DAY' AND expires_at <= $1 ORDER BY expires_at, id LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

export async function insertFill(
  tx: Db,
  f: { orderId: string; price: string; shares: string; value: string; valueUsdt: string; feeUsdt: string; liquidity: 'maker' | 'taker'; evidence: Evidence; receiptSeq: string },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO stock_fills (order_id, price, shares, value, value_usdt, fee_usdt, liquidity, evidence, receipt_seq, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [f.orderId, f.price, f.shares, f.value, f.valueUsdt, f.feeUsdt, f.liquidity, JSON.stringify({ ...f.evidence, feedTime: f.evidence.feedTime.toISOString() }), f.receiptSeq, now],
  );
}

export async function fillCount(tx: Db, orderId: string): Promise<number> {
  const { rows } = await tx.query<{ count: string }>('SELECT count(*)::text AS count FROM stock_fills WHERE order_id = $1', [orderId]);
  return Number(rows[0]!.count);
}

/** The evidence of the order's last fill (the tick it took), if it has one. */
export async function lastFillEvidence(tx: Db, orderId: string): Promise<{ feedTime: string; bid: string; ask: string; last: string } | undefined> {
  const { rows } = await tx.query<{ evidence: { feedTime: string; bid: string; ask: string; last: string } | string }>(
    'SELECT evidence FROM stock_fills WHERE order_id = $1 ORDER BY id DESC LIMIT 1',
    [orderId],
  );
  const e = rows[0]?.evidence;
  return typeof e === 'string' ? JSON.parse(e) : e;
}

export async function fillsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, StockFillRow[]>> {
  const out = new Map<string, StockFillRow[]>();
  if (!orderIds.length) return out;
  const { rows } = await db.query<Omit<StockFillRow, 'evidence'> & { evidence: unknown }>(
    `SELECT f.id::text AS id, f.order_id::text AS "orderId", f.price::text AS price, f.shares::text AS shares, f.value::text AS value,
            f.value_usdt::text AS "valueUsdt", f.fee_usdt::text AS "feeUsdt", f.liquidity, f.evidence, f.created_at AS "createdAt", r.hash AS "receiptHash"
       FROM stock_fills f JOIN receipt_links r ON r.seq = f.receipt_seq
      WHERE f.order_id = ANY($1::bigint[]) ORDER BY f.id`,
    [orderIds],
  );
  for (const row of rows) {
    const raw = (typeof row.evidence === 'string' ? JSON.parse(row.evidence) : row.evidence) as Evidence & { feedTime: string };
    const list = out.get(row.orderId) ?? [];
    list.push({
      ...row,
      price: normalize(row.price), shares: normalize(row.shares), value: normalize(row.value), valueUsdt: normalize(row.valueUsdt), feeUsdt: normalize(row.feeUsdt),
      evidence: { ...raw, feedTime: new Date(raw.feedTime) },
    });
    out.set(row.orderId, list);
  }
  return out;
}

/** Orders of a user's book, newest first: open (pending), history (finished) or all. */
export async function listOrders(
  db: Db,
  user: { id: string; mode: Mode },
  filter: { book: StockBook; symbol?: string | undefined; kind: 'open' | 'history' | 'all'; limit: number; offset: number },
): Promise<{ total: number; rows: StockOrderRow[] }> {
  const where = `user_id = $1 AND mode = $2 AND book = $3 AND ($4::text IS NULL OR symbol = $4)
    AND ($5 = 'all' OR ($5 = 'open' AND status = 'pending') OR ($5 = 'history' AND status <> 'pending'))`;
  const params = [user.id, user.mode, filter.book, filter.symbol ?? null, filter.kind];
  const total = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM stock_orders WHERE ${where}`, params);
  const { rows } = await db.query<StockOrderRow>(
    `SELECT ${COLUMNS} FROM stock_orders WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $6 OFFSET $7`,
    [...params, filter.limit, filter.offset],
  );
  return { total: Number(total.rows[0]!.n), rows: rows.map(clean) };
}
