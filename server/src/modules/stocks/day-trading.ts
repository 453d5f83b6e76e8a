import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { normalize, parseAmount, post, type Mode } from '../ledger/ledger.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { bookAccount } from './positions.js';

/**
 * The day-trading account's money: USDT moved between the spot wallet and the ledger wallet `dayTrading`, once
 * per request id (accountDayTrading/deposit, /withdraw), with its fund record.
 */
export interface DayTransfer {
  id: string;
  direction: 'deposit' | 'withdraw';
  amount: string;
  asset: 'USDT';
  createdAt: string;
}

const COLUMNS = `id::text AS id, direction, amount::text AS amount, created_at AS "createdAt"`;
type Row = { id: string; direction: 'deposit' | 'withdraw'; amount: string; createdAt: Date };
const view = (r: Row): DayTransfer => ({ id: r.id, direction: r.direction, amount: normalize(r.amount), asset: 'USDT', createdAt: r.createdAt.toISOString() });

export async function dayTransfer(db: Db, clock: () => Date, user: AuthUser, direction: 'deposit' | 'withdraw', input: { amount: string; requestId: string }): Promise<DayTransfer> {
  const call = await idempotent(db, clock, {
    key: { scope: `stock-day-${direction}`, userId: user.id, mode: user.mode, requestId: input.requestId },
    request: { amount: input.amount, mode: user.mode },
    replay: async (store, key) => {
      const { rows } = await store.query<Row>(`SELECT ${COLUMNS} FROM stock_day_transfers WHERE request_key = $1`, [key]);
      return rows[0] && view(rows[0]);
    },
  });
  if (call.first) return call.first;
  const amount = parseAmount(input.amount).toFixed();
  return call.transaction(async (tx, now) => {
    const { rows } = await tx.query<Row>(
      `INSERT INTO stock_day_transfers (user_id, mode, direction, amount, request_key, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [user.id, user.mode, direction, amount, call.key, now],
    );
    const spot = bookAccount(user.id, user.mode, 'stock', 'USDT');
    const day = bookAccount(user.id, user.mode, 'dayTrading', 'USDT');
    // insufficientBalance (nothing moves, the row rolls back) when the wallet it leaves is short
    await post(tx, { key: `stock-day:${call.key}`, cause: { type: 'transfer', id: `day-${rows[0]!.id}` }, moves: [direction === 'deposit' ? { from: spot, to: day, amount } : { from: day, to: spot, amount }] }, now);
    return view(rows[0]!);
  });
}

export async function dayTransfers(db: Db, user: { id: string; mode: Mode }, limit: number, offset: number): Promise<{ total: number; rows: DayTransfer[] }> {
  const total = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM stock_day_transfers WHERE user_id = $1 AND mode = $2', [user.id, user.mode]);
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM stock_day_transfers WHERE user_id = $1 AND mode = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [user.id, user.mode, limit, offset],
  );
  return { total: Number(total.rows[0]!.n), rows: rows.map(view) };
}

/** The day-trading wallet's USDT (available, frozen for resting buys). */
export async function dayWallet(db: Db, user: { id: string; mode: Mode }): Promise<{ available: string; frozen: string }> {
  const { rows } = await db.query<{ part: string; balance: string }>(
    `SELECT part, balance::text AS balance FROM ledger_accounts WHERE holder = $1 AND mode = $2 AND wallet = 'dayTrading' AND asset = 'USDT'`,
    [user.id, user.mode],
  );
  const of = (part: string) => normalize(rows.filter((r) => r.part === part).reduce((s, r) => s.plus(r.balance), new Dec(0)).toFixed());
  // what resting buys hold waits in the wallet's 'held' part, under their named holds
  return { available: of('available'), frozen: of('held') };
}
