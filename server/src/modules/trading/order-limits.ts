import type { Db } from '../../db/db.js';
import { refuse } from './refusal.js';

export interface OrderLimits {
  /** Orders one user may place a minute (every mode, every market). */
  perMinute: number;
  /**
   * Resting orders one user may have open at once in one account mode: spot and perpetual limit orders, and
   * pending spot TP/SL/OCO groups (each holds funds and watches the price like a resting order).
   */
  maxOpen: number;
}

const MINUTE_MS = 60_000;

/**
 * Takes one order from the user's allowance for the current minute (a fixed window) in one conditional upsert, so
 * a burst on several server processes is counted once; over it, HTTP 429 `tooManyOrders` with Retry-After's
 * seconds in `params.seconds`. An order refused later (KYC, balance, hours) still counts: the limit is on requests.
 */
export async function takeOrderSlot(db: Db, userId: string, limits: OrderLimits, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const { rows } = await db.query(
    `INSERT INTO order_rate AS r (user_id, window_start, orders) VALUES ($1, $2, 1)
     ON CONFLICT (user_id) DO UPDATE SET
       orders = CASE WHEN r.window_start = $2 THEN r.orders + 1 ELSE 1 END,
       window_start = $2
     WHERE r.window_start <> $2 OR r.orders < $3
     RETURNING r.orders`,
    [userId, windowStart, limits.perMinute],
  );
  if (!rows.length) {
    const seconds = Math.max(1, Math.ceil((windowStart.getTime() + MINUTE_MS - now.getTime()) / 1000));
    throw refuse('tooManyOrders', { seconds }, 429, 429);
  }
}

/**
 * In the transaction of a new resting order, before it is written: refuses `openOrdersLimit` when the user already
 * has maxOpen resting orders in this mode (limit orders and pending spot conditional groups; a fired group's leg is
 * a spot order by then and counts as one). The user's order_rate row (written by takeOrderSlot) is locked
 * first, so two parallel orders of one user count one after the other on PostgreSQL (PGlite runs one transaction
 * at a time).
 */
export async function requireOpenOrderRoom(tx: Db, user: { id: string; mode: string }, limits: OrderLimits): Promise<void> {
  await tx.query('SELECT 1 FROM order_rate WHERE user_id = $1 FOR UPDATE', [user.id]);
  const { rows } = await tx.query<{ n: string }>(
    `SELECT ((SELECT count(*) FROM spot_orders WHERE user_id = $1 AND mode = $2 AND status = 'pending')
           + (SELECT count(*) FROM perp_orders WHERE user_id = $1 AND mode = $2 AND status = 'pending')
           + (SELECT count(*) FROM spot_conditionals WHERE user_id = $1 AND mode = $2 AND status = 'pending'))::text AS n`,
    [user.id, user.mode],
  );
  if (Number(rows[0]!.n) >= limits.maxOpen) throw refuse('openOrdersLimit', { max: limits.maxOpen });
}
