import type { Db } from '../../db/db.js';
import { ORDER_COLUMNS, type OrderRow } from './storage.js';

// The SQL of perp_orders the service and its seams use (order-types.ts keeps its own type-specific statements).

export async function orderById(tx: Db, id: string, lock = false): Promise<OrderRow | undefined> {
  const { rows } = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM perp_orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function insertOrder(tx: Db, row: Record<string, unknown>): Promise<OrderRow> {
  const columns = Object.keys(row);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO perp_orders (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    columns.map((c) => row[c]),
  );
  return (await orderById(tx, rows[0]!.id))!;
}

/** The order an open request placed, and the position it filled into. */
export async function orderByRequest(q: Db, key: string): Promise<{ id: string; positionId: string | null } | undefined> {
  const { rows } = await q.query<{ id: string; positionId: string | null }>('SELECT id, position_id::text AS "positionId" FROM perp_orders WHERE request_key = $1', [key]);
  return rows[0];
}

/** What a fill did to its order: the done quantity and average, the position, and what it still holds. */
export async function recordOrderFill(tx: Db, id: string, fill: { status: string; donePrice: string | null; positionId: string; doneAt: Date | null; doneQuantity: string; held: string }): Promise<void> {
  await tx.query(`UPDATE perp_orders SET status = $2, done_quantity = $6, done_price = $3, position_id = $4, done_at = $5, held = $7 WHERE id = $1`, [
    id, fill.status, fill.donePrice, fill.positionId, fill.doneAt, fill.doneQuantity, fill.held,
  ]);
}

export async function setOrderHold(tx: Db, id: string, holdId: string): Promise<void> {
  await tx.query('UPDATE perp_orders SET hold_id = $2 WHERE id = $1', [id, holdId]);
}

export async function setOrderTrigger(tx: Db, id: string, triggerId: string): Promise<void> {
  await tx.query('UPDATE perp_orders SET trigger_id = $2 WHERE id = $1', [id, triggerId]);
}

export async function cancelOrder(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query(`UPDATE perp_orders SET status = 'canceled', held = 0, done_at = $2 WHERE id = $1`, [id, now]);
}
