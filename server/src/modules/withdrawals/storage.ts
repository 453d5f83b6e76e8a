import type { Db } from '../../db/db.js';
import { normalize } from '../ledger/ledger.js';

export type WithdrawalStatus = 'pending' | 'approved' | 'completed' | 'rejected' | 'canceled';
export const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['pending', 'approved', 'completed', 'rejected', 'canceled'];
export type ActorKind = 'user' | 'operator' | 'system';

export interface WithdrawalRow {
  id: string;
  userId: string;
  asset: string;
  chain: string;
  address: string;
  alias: string;
  amount: string;
  fee: string;
  amountAfterFee: string;
  feeExempt: boolean;
  status: WithdrawalStatus;
  reason: string | null;
  txHash: string | null;
  createdAt: Date;
  approvedAt: Date | null;
  completedAt: Date | null;
  rejectedAt: Date | null;
  canceledAt: Date | null;
}

export interface WithdrawalEvent {
  status: WithdrawalStatus;
  at: Date;
  /** Who made the transition, by kind (an operator's name stays in the audit log). */
  actor: ActorKind;
  reason: string | null;
}

const COLUMNS = `id, user_id AS "userId", asset, chain, address, address_alias AS alias, amount::text AS amount, fee::text AS fee,
  net_amount::text AS "amountAfterFee", fee_exempt AS "feeExempt", status, reason, tx_hash AS "txHash", created_at AS "createdAt",
  approved_at AS "approvedAt", completed_at AS "completedAt", rejected_at AS "rejectedAt", canceled_at AS "canceledAt"`;

const tidy = (row: WithdrawalRow): WithdrawalRow => ({
  ...row,
  amount: normalize(row.amount),
  fee: normalize(row.fee),
  amountAfterFee: normalize(row.amountAfterFee),
});

export interface NewWithdrawal {
  userId: string;
  asset: string;
  chain: string;
  address: string;
  alias: string;
  amount: string;
  fee: string;
  amountAfterFee: string;
  feeExempt: boolean;
  requestKey: string;
}

/** Inserts a pending withdrawal (its request key bound first by the idempotent call). */
export async function insertWithdrawal(db: Db, input: NewWithdrawal, now: Date): Promise<WithdrawalRow> {
  const { rows } = await db.query<WithdrawalRow>(
    `INSERT INTO withdrawals (user_id, asset, chain, address, address_alias, amount, fee, net_amount, fee_exempt, status, request_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11) RETURNING ${COLUMNS}`,
    [input.userId, input.asset, input.chain, input.address, input.alias, input.amount, input.fee, input.amountAfterFee, input.feeExempt, input.requestKey, now],
  );
  return tidy(rows[0]!);
}

export async function findWithdrawal(db: Db, id: string): Promise<WithdrawalRow | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1`, [id]);
  return rows[0] && tidy(rows[0]);
}

export async function withdrawalByRequestKey(db: Db, requestKey: string): Promise<WithdrawalRow | undefined> {
  const { rows } = await db.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE request_key = $1`, [requestKey]);
  return rows[0] && tidy(rows[0]);
}

/**
 * Moves a pending withdrawal to its next state in one conditional statement, so of two racing decisions (a user's
 * cancel and an operator's approval) exactly one wins. Returns the updated row, or undefined when it was not pending.
 */
export async function leavePending(
  db: Db,
  id: string,
  change: { status: 'completed' | 'rejected' | 'canceled'; reason?: string | null; txHash?: string | null; userId?: string },
  now: Date,
): Promise<WithdrawalRow | undefined> {
  const { rows } = await db.query<WithdrawalRow>(
    `UPDATE withdrawals SET status = $2, reason = $3, tx_hash = $4,
            approved_at = CASE WHEN $2 = 'completed' THEN $5::timestamptz END,
            completed_at = CASE WHEN $2 = 'completed' THEN $5::timestamptz END,
            rejected_at = CASE WHEN $2 = 'rejected' THEN $5::timestamptz END,
            canceled_at = CASE WHEN $2 = 'canceled' THEN $5::timestamptz END
      WHERE id = $1 AND status = 'pending' AND ($6::bigint IS NULL OR user_id = $6) RETURNING ${COLUMNS}`,
    [id, change.status, change.reason ?? null, change.txHash ?? null, now, change.userId ?? null],
  );
  return rows[0] && tidy(rows[0]);
}

export async function addEvent(
  db: Db,
  event: { withdrawalId: string; status: WithdrawalStatus; actorKind: ActorKind; actor?: string | null; reason?: string | null },
  now: Date,
): Promise<void> {
  await db.query('INSERT INTO withdrawal_events (withdrawal_id, status, at, actor_kind, actor, reason) VALUES ($1, $2, $3, $4, $5, $6)', [
    event.withdrawalId,
    event.status,
    now,
    event.actorKind,
    event.actor ?? null,
    event.reason ?? null,
  ]);
}

/** The events of several withdrawals, oldest first, grouped by withdrawal id. */
export async function eventsOf(db: Db, ids: string[]): Promise<Map<string, WithdrawalEvent[]>> {
  const grouped = new Map<string, WithdrawalEvent[]>(ids.map((id) => [id, []]));
  if (!ids.length) return grouped;
  const { rows } = await db.query<WithdrawalEvent & { withdrawalId: string }>(
    `SELECT withdrawal_id AS "withdrawalId", status, at, actor_kind AS actor, reason FROM withdrawal_events
      WHERE withdrawal_id = ANY($1::bigint[]) ORDER BY id`,
    [ids],
  );
  for (const { withdrawalId, ...event } of rows) grouped.get(withdrawalId)?.push(event);
  return grouped;
}

export async function listWithdrawals(
  db: Db,
  filter: { userId?: string; asset?: string | undefined; status?: WithdrawalStatus | undefined; limit: number; offset: number; oldestFirst?: boolean },
): Promise<{ total: number; rows: WithdrawalRow[] }> {
  const where = '($1::bigint IS NULL OR user_id = $1) AND ($2::text IS NULL OR asset = $2) AND ($3::text IS NULL OR status = $3)';
  const params = [filter.userId ?? null, filter.asset ?? null, filter.status ?? null];
  const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM withdrawals WHERE ${where}`, params);
  const { rows } = await db.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals WHERE ${where} ORDER BY id ${filter.oldestFirst ? 'ASC' : 'DESC'} LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  return { total: Number(total.rows[0]!.count), rows: rows.map(tidy) };
}

// The address book.

export interface SavedAddress {
  id: string;
  asset: string;
  chain: string;
  address: string;
  alias: string;
  createdAt: Date;
}

const ADDRESS_COLUMNS = 'id, asset, chain, address, alias, created_at AS "createdAt"';

/** Saves the address; undefined when the user already has it for this coin and chain. */
export async function insertAddress(
  db: Db,
  input: { userId: string; asset: string; chain: string; address: string; addressKey: string; alias: string },
  now: Date,
): Promise<SavedAddress | undefined> {
  const { rows } = await db.query<SavedAddress>(
    `INSERT INTO withdrawal_addresses (user_id, asset, chain, address, address_key, alias, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, asset, chain, address_key) DO NOTHING RETURNING ${ADDRESS_COLUMNS}`,
    [input.userId, input.asset, input.chain, input.address, input.addressKey, input.alias, now],
  );
  return rows[0];
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM withdrawal_addresses WHERE user_id = $1', [userId]);
  return Number(rows[0]!.count);
}

export async function findAddress(db: Db, userId: string, id: string): Promise<SavedAddress | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<SavedAddress>(`SELECT ${ADDRESS_COLUMNS} FROM withdrawal_addresses WHERE user_id = $1 AND id = $2`, [userId, id]);
  return rows[0];
}

export async function listAddresses(db: Db, userId: string, filter: { asset?: string | undefined; chain?: string | undefined }): Promise<SavedAddress[]> {
  const { rows } = await db.query<SavedAddress>(
    `SELECT ${ADDRESS_COLUMNS} FROM withdrawal_addresses
      WHERE user_id = $1 AND ($2::text IS NULL OR asset = $2) AND ($3::text IS NULL OR chain = $3) ORDER BY id DESC`,
    [userId, filter.asset ?? null, filter.chain ?? null],
  );
  return rows;
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  if (!/^[0-9]{1,18}$/.test(id)) return false;
  const { rows } = await db.query<{ id: string }>('DELETE FROM withdrawal_addresses WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
  return rows.length > 0;
}
