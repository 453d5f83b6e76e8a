import type { Db } from '../../db/db.js';
import { normalize } from '../ledger/ledger.js';

export type DepositChannel = 'terminal' | 'backoffice';
export type DepositStatus = 'in_progress' | 'success' | 'fail';

export interface DepositRow {
  id: string;
  userId: string;
  asset: string;
  channel: DepositChannel;
  amount: string;
  chain: string | null;
  txHash: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  evidence: string | null;
  confirmations: number;
  requiredConfirmations: number;
  status: DepositStatus;
  reason: string | null;
  createdAt: Date;
  creditedAt: Date | null;
}

const COLUMNS = `id, user_id AS "userId", asset, channel, amount::text AS amount, chain, tx_hash AS "txHash",
  from_address AS "fromAddress", to_address AS "toAddress", evidence, confirmations,
  required_confirmations AS "requiredConfirmations", status, reason, created_at AS "createdAt", credited_at AS "creditedAt"`;

const tidy = (row: DepositRow): DepositRow => ({ ...row, amount: normalize(row.amount) });

export interface DepositAddressRow {
  userId: string;
  asset: string;
  chain: string;
  address: string;
}

export async function findDepositAddress(db: Db, userId: string, asset: string, chain: string): Promise<DepositAddressRow | undefined> {
  const { rows } = await db.query<DepositAddressRow>(
    'SELECT user_id AS "userId", asset, chain, address FROM deposit_addresses WHERE user_id = $1 AND asset = $2 AND chain = $3 AND slot = 0',
    [userId, asset, chain],
  );
  return rows[0];
}

/** Stores the derived address; a concurrent first request for the same one stores nothing more. */
export async function saveDepositAddress(db: Db, row: DepositAddressRow & { addressKey: string }, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO deposit_addresses (user_id, asset, chain, address, address_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, asset, chain, slot) DO NOTHING`,
    [row.userId, row.asset, row.chain, row.address, row.addressKey, now],
  );
}

export async function depositAddressByKey(db: Db, chain: string, addressKey: string): Promise<DepositAddressRow | undefined> {
  const { rows } = await db.query<DepositAddressRow>(
    'SELECT user_id AS "userId", asset, chain, address FROM deposit_addresses WHERE chain = $1 AND address_key = $2',
    [chain, addressKey],
  );
  return rows[0];
}

export interface NewDeposit {
  userId: string;
  asset: string;
  channel: DepositChannel;
  amount: string;
  chain?: string | null;
  txHash?: string | null;
  fromAddress?: string | null;
  toAddress?: string | null;
  evidence?: string | null;
  operator?: string | null;
  requiredConfirmations: number;
  status: DepositStatus;
}

/** Inserts the deposit; undefined when its tx hash (per chain) or evidence reference is already recorded. */
export async function insertDeposit(db: Db, deposit: NewDeposit, now: Date): Promise<DepositRow | undefined> {
  const { rows } = await db.query<DepositRow>(
    `INSERT INTO deposits (user_id, asset, channel, amount, chain, tx_hash, from_address, to_address, evidence, operator,
                           required_confirmations, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [
      deposit.userId, deposit.asset, deposit.channel, deposit.amount, deposit.chain ?? null, deposit.txHash ?? null,
      deposit.fromAddress ?? null, deposit.toAddress ?? null, deposit.evidence ?? null, deposit.operator ?? null,
      deposit.requiredConfirmations, deposit.status, now,
    ],
  );
  return rows[0] && tidy(rows[0]);
}

export async function findDeposit(db: Db, id: string): Promise<DepositRow | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE id = $1`, [id]);
  return rows[0] && tidy(rows[0]);
}

export async function depositByTxHash(db: Db, chain: string, txHash: string): Promise<DepositRow | undefined> {
  const { rows } = await db.query<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE chain = $1 AND tx_hash = $2`, [chain, txHash]);
  return rows[0] && tidy(rows[0]);
}

export async function depositByEvidence(db: Db, evidence: string): Promise<DepositRow | undefined> {
  const { rows } = await db.query<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE channel = 'backoffice' AND evidence = $1`, [evidence]);
  return rows[0] && tidy(rows[0]);
}

export async function listDeposits(
  db: Db,
  userId: string,
  filter: { asset?: string | undefined; status?: DepositStatus | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: DepositRow[] }> {
  const where = 'user_id = $1 AND ($2::text IS NULL OR asset = $2) AND ($3::text IS NULL OR status = $3)';
  const params = [userId, filter.asset ?? null, filter.status ?? null];
  const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM deposits WHERE ${where}`, params);
  const { rows } = await db.query<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`, [
    ...params,
    filter.limit,
    filter.offset,
  ]);
  return { total: Number(total.rows[0]!.count), rows: rows.map(tidy) };
}

export async function inProgressDeposits(db: Db): Promise<DepositRow[]> {
  const { rows } = await db.query<DepositRow>(`SELECT ${COLUMNS} FROM deposits WHERE status = 'in_progress' ORDER BY id`);
  return rows.map(tidy);
}

/** One block of the simulated chain: every in-progress chain deposit short of its count gets one confirmation. */
export async function addConfirmation(db: Db): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE deposits SET confirmations = confirmations + 1
      WHERE status = 'in_progress' AND channel = 'terminal' AND confirmations < required_confirmations RETURNING id`,
  );
  return rows.length;
}

/** In-progress deposits that have all their confirmations (locked on PostgreSQL, so two servers credit one once). */
export async function confirmedDeposits(db: Db): Promise<DepositRow[]> {
  const { rows } = await db.query<DepositRow>(
    `SELECT ${COLUMNS} FROM deposits WHERE status = 'in_progress' AND confirmations >= required_confirmations ORDER BY id FOR UPDATE`,
  );
  return rows.map(tidy);
}

/** Moves an in-progress deposit to its final state; false when it has already left in_progress. */
export async function settleDeposit(db: Db, id: string, outcome: { status: 'success' | 'fail'; reason?: string }, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE deposits SET status = $2, reason = $3, credited_at = CASE WHEN $2 = 'success' THEN $4::timestamptz END
      WHERE id = $1 AND status = 'in_progress' RETURNING id`,
    [id, outcome.status, outcome.reason ?? null, now],
  );
  return rows.length > 0;
}
