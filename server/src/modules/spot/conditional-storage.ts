import type { Db } from '../../db/db.js';
import { normalize, type Mode } from '../ledger/ledger.js';

export type ConditionalKind = 'tpsl' | 'oco';
export type ConditionalStatus = 'pending' | 'triggered' | 'canceled';
export type Leg = 'tp' | 'sl';
export type ConditionalSide = 'buy' | 'sell';

/**
 * A conditional on a spot holding (migration 0030): take-profit/stop-loss or OCO sells of the base, its hold frozen
 * once; or a stop-limit buy (migration 0036) holding the quote.
 */
export interface ConditionalRow {
  id: string;
  userId: string;
  mode: Mode;
  kind: ConditionalKind;
  side: ConditionalSide;
  symbol: string;
  base: string;
  quote: string;
  quantity: string;
  takeProfitPrice: string | null;
  stopPrice: string | null;
  stopLimitPrice: string | null;
  status: ConditionalStatus;
  frozen: string;
  tpTriggerId: string | null;
  slTriggerId: string | null;
  triggeredLeg: Leg | null;
  orderId: string | null;
  priceDecimals: number;
  amountDecimals: number;
  requestKey: string;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

const COLUMNS = `id::text AS id, user_id::text AS "userId", mode, kind, side, symbol, base, quote, quantity::text AS quantity,
  take_profit_price::text AS "takeProfitPrice", stop_price::text AS "stopPrice", stop_limit_price::text AS "stopLimitPrice", status,
  frozen::text AS frozen, tp_trigger_id::text AS "tpTriggerId", sl_trigger_id::text AS "slTriggerId", triggered_leg AS "triggeredLeg",
  order_id::text AS "orderId", price_decimals AS "priceDecimals", amount_decimals AS "amountDecimals", request_key AS "requestKey",
  created_at AS "createdAt", updated_at AS "updatedAt", finished_at AS "finishedAt"`;

const n = (value: string | null) => (value === null ? null : normalize(value));

function tidy(row: ConditionalRow): ConditionalRow {
  return {
    ...row,
    quantity: normalize(row.quantity),
    takeProfitPrice: n(row.takeProfitPrice),
    stopPrice: n(row.stopPrice),
    stopLimitPrice: n(row.stopLimitPrice),
    frozen: normalize(row.frozen),
    priceDecimals: Number(row.priceDecimals),
    amountDecimals: Number(row.amountDecimals),
  };
}

export type NewConditional = Pick<
  ConditionalRow,
  'userId' | 'mode' | 'kind' | 'side' | 'symbol' | 'base' | 'quote' | 'quantity' | 'takeProfitPrice' | 'stopPrice' | 'stopLimitPrice' | 'frozen' | 'priceDecimals' | 'amountDecimals' | 'requestKey'
> & { now: Date };

export async function insertConditional(tx: Db, c: NewConditional): Promise<ConditionalRow> {
  const { rows } = await tx.query<ConditionalRow>(
    `INSERT INTO spot_conditionals (user_id, mode, kind, symbol, base, quote, quantity, take_profit_price, stop_price, stop_limit_price, status,
       frozen, price_decimals, amount_decimals, request_key, created_at, updated_at, side)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $15, $11, $12, $13, $14, $14, $16) RETURNING ${COLUMNS}`,
    [c.userId, c.mode, c.kind, c.symbol, c.base, c.quote, c.quantity, c.takeProfitPrice, c.stopPrice, c.stopLimitPrice, c.priceDecimals,
      c.amountDecimals, c.requestKey, c.now, c.frozen, c.side],
  );
  return tidy(rows[0]!);
}

export async function setTriggers(tx: Db, id: string, tp: string | null, sl: string | null): Promise<void> {
  await tx.query('UPDATE spot_conditionals SET tp_trigger_id = $2, sl_trigger_id = $3 WHERE id = $1', [id, tp, sl]);
}

export async function findConditional(db: Db, where: { id: string } | { requestKey: string }, lock = false): Promise<ConditionalRow | undefined> {
  const [column, value] = 'id' in where ? ['id', where.id] : ['request_key', where.requestKey];
  const { rows } = await db.query<ConditionalRow>(`SELECT ${COLUMNS} FROM spot_conditionals WHERE ${column} = $1${lock ? ' FOR UPDATE' : ''}`, [value]);
  return rows[0] && tidy(rows[0]);
}

/** Ends a pending group (the status guard decides a race): triggered by one leg, or cancelled; its hold is gone. */
export async function finishConditional(
  tx: Db,
  id: string,
  end: { status: 'triggered'; leg: Leg; orderId: string; now: Date } | { status: 'canceled'; now: Date },
): Promise<ConditionalRow | undefined> {
  const { rows } = await tx.query<ConditionalRow>(
    `UPDATE spot_conditionals SET status = $2, triggered_leg = $3, order_id = $4, frozen = 0, updated_at = $5, finished_at = $5
      WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, end.status, end.status === 'triggered' ? end.leg : null, end.status === 'triggered' ? end.orderId : null, end.now],
  );
  return rows[0] && tidy(rows[0]);
}

export async function listConditionals(
  db: Db,
  userId: string,
  mode: Mode,
  filter: { open: boolean; symbol?: string | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: ConditionalRow[] }> {
  const where = `user_id = $1 AND mode = $2 AND ${filter.open ? `status = 'pending'` : `status <> 'pending'`} AND ($3::text IS NULL OR symbol = $3)`;
  const params = [userId, mode, filter.symbol ?? null];
  const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM spot_conditionals WHERE ${where}`, params);
  const { rows } = await db.query<ConditionalRow>(
    `SELECT ${COLUMNS} FROM spot_conditionals WHERE ${where} ORDER BY spot_conditionals.id DESC LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  return { total: Number(total.rows[0]!.count), rows: rows.map(tidy) };
}
