import type { SecondsOutcome } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { Mode } from '../ledger/ledger.js';
import type { ContractRow } from './contract.js';
import { PRODUCT_COLUMNS, type SecondsProduct } from './products.js';
import { TICK_COLUMNS, type RecordedTickRow } from './recorder.js';
import { STILL_OPEN } from './state.js';

/** Ticks deleted per retention run. */
const RETENTION_BATCH = 20_000;

const n = (column: string, as: string) => `trim_scale(${column})::text AS "${as}"`;
export const CONTRACT_COLUMNS = [
  'id::text AS id', 'user_id::text AS "userId"', 'mode', 'symbol', 'direction', 'product_id::text AS "productId"', 'product_version AS "productVersion"',
  'duration_seconds AS "durationSeconds"', n('payout_ratio', 'payoutRatio'), n('stake', 'stake'), 'opened_at AS "openedAt"', 'expires_at AS "expiresAt"',
  'open_tick_id::text AS "openTickId"', n('open_price', 'openPrice'), 'open_receipt_seq::text AS "openReceiptSeq"', 'status',
  'close_tick_id::text AS "closeTickId"', n('close_price', 'closePrice'), 'settled_at AS "settledAt"', 'settle_receipt_seq::text AS "settleReceiptSeq"',
  'outcome', n('payout', 'payout'),
  `(SELECT r.refunded_at FROM seconds_refunds r WHERE r.contract_id = seconds_contracts.id) AS "refundedAt"`,
  `(SELECT r.receipt_seq::text FROM seconds_refunds r WHERE r.contract_id = seconds_contracts.id) AS "refundReceiptSeq"`,
].join(', ');

/** The idempotent call's replay: the contract a request key bought. */
export const CONTRACT_OF_REQUEST = `SELECT ${CONTRACT_COLUMNS} FROM seconds_contracts WHERE request_key = $1`;

export async function contractById(q: Db, id: string, lock = false): Promise<ContractRow | undefined> {
  const { rows } = await q.query<ContractRow>(`SELECT ${CONTRACT_COLUMNS} FROM seconds_contracts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** The product a purchase names: by its id, or else by the symbol and duration. */
export async function findProduct(q: Db, by: { productId?: string | undefined; symbol: string; duration?: number | undefined }): Promise<SecondsProduct | undefined> {
  const { rows } = by.productId !== undefined
    ? await q.query<SecondsProduct>(`SELECT ${PRODUCT_COLUMNS} FROM seconds_products WHERE id = $1`, [by.productId])
    : await q.query<SecondsProduct>(`SELECT ${PRODUCT_COLUMNS} FROM seconds_products WHERE symbol = $1 AND duration_seconds = $2`, [by.symbol, by.duration ?? -1]);
  return rows[0];
}

/** The id the next contract gets (taken before the insert: the opening receipt names it). */
export async function nextContractId(tx: Db): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('seconds_contracts', 'id'))::text AS id`);
  return rows[0]!.id;
}

export async function insertContract(
  tx: Db,
  c: Omit<ContractRow, 'status' | 'refundedAt' | 'refundReceiptSeq' | 'closeTickId' | 'closePrice' | 'settledAt' | 'settleReceiptSeq' | 'outcome' | 'payout'> & { requestKey: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO seconds_contracts (id, user_id, mode, symbol, direction, product_id, product_version, duration_seconds, payout_ratio, stake,
                                    opened_at, expires_at, open_tick_id, open_price, open_receipt_seq, request_key)
     OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [c.id, c.userId, c.mode, c.symbol, c.direction, c.productId, c.productVersion, c.durationSeconds, c.payoutRatio, c.stake,
      c.openedAt, c.expiresAt, c.openTickId, c.openPrice, c.openReceiptSeq, c.requestKey],
  );
}

/** Closes an open contract on its close tick; answers the outcome and payout the database derives from the prices. */
export async function markSettled(
  tx: Db,
  id: string,
  close: { tickId: string; price: string; at: Date; receiptSeq: string },
): Promise<{ outcome: SecondsOutcome; payout: string } | undefined> {
  const { rows } = await tx.query<{ outcome: SecondsOutcome; payout: string }>(
    `UPDATE seconds_contracts SET status = 'settled', close_tick_id = $2, close_price = $3, settled_at = $4, settle_receipt_seq = $5
      WHERE id = $1 AND status = 'open' RETURNING outcome, trim_scale(payout)::text AS payout`,
    [id, close.tickId, close.price, close.at, close.receiptSeq],
  );
  return rows[0];
}

export async function insertRefund(tx: Db, id: string, at: Date, receiptSeq: string): Promise<void> {
  await tx.query(`INSERT INTO seconds_refunds (contract_id, reason, refunded_at, receipt_seq) VALUES ($1, 'noPriceAtExpiry', $2, $3)`, [id, at, receiptSeq]);
}

export async function tickById(q: Db, id: string): Promise<RecordedTickRow | undefined> {
  const { rows } = await q.query<RecordedTickRow>(`SELECT ${TICK_COLUMNS} FROM seconds_ticks WHERE id = $1`, [id]);
  return rows[0];
}

/** The first tick of `symbol` recorded at or after `time`. */
export async function firstTickFrom(q: Db, symbol: string, time: Date): Promise<RecordedTickRow | undefined> {
  const { rows } = await q.query<RecordedTickRow>(
    `SELECT ${TICK_COLUMNS} FROM seconds_ticks WHERE symbol = $1 AND feed_time >= $2 ORDER BY feed_time, id LIMIT 1`,
    [symbol, time],
  );
  return rows[0];
}

/**
 * Locks (skipping those another run holds) up to `limit` open, unrefunded contracts expired by `now` whose symbol
 * has a tick recorded at or after their expiry, soonest expiry first.
 */
export async function lockDueContracts(tx: Db, now: Date, limit: number): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT c.id::text AS id FROM seconds_contracts c
      WHERE c.status = 'open' AND c.expires_at <= $1
        AND NOT EXISTS (SELECT 1 FROM seconds_refunds r WHERE r.contract_id = c.id)
        AND EXISTS (SELECT 1 FROM seconds_ticks t WHERE t.symbol = c.symbol AND t.feed_time >= c.expires_at)
      ORDER BY c.expires_at, c.id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * Deletes recorded ticks older than `before` that no contract refers to and that no open contract may still settle
 * on (ticks at or after an open contract's expiry stay); answers how many.
 */
export async function deleteOldTicks(tx: Db, before: Date): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `DELETE FROM seconds_ticks WHERE id IN (
       SELECT t.id FROM seconds_ticks t
        WHERE t.feed_time < $1
          AND NOT EXISTS (SELECT 1 FROM seconds_contracts c WHERE c.open_tick_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM seconds_contracts c WHERE c.close_tick_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM seconds_contracts c WHERE c.status = 'open' AND c.symbol = t.symbol AND c.expires_at <= t.feed_time
                            AND NOT EXISTS (SELECT 1 FROM seconds_refunds r WHERE r.contract_id = c.id))
        LIMIT $2)
     RETURNING id`,
    [before, RETENTION_BATCH],
  );
  return rows.length;
}

export interface SecondsRecord { count: number; wins: number; losses: number; ties: number; staked: string; net: string; open: number }

/** A page of the user's contracts: open ones soonest expiry first, history newest end first; with the user's record. */
export async function listContracts(
  q: Db,
  userId: string,
  mode: Mode,
  options: { status: 'open' | 'history'; symbol: string | null; limit: number; offset: number },
): Promise<{ total: number; rows: ContractRow[]; record: SecondsRecord }> {
  const open = options.status === 'open';
  // history: settled contracts and refunded ones (a refund is the contract's end too), newest end first
  const order = open ? 'expires_at, id' : `COALESCE(settled_at, (SELECT r.refunded_at FROM seconds_refunds r WHERE r.contract_id = seconds_contracts.id)) DESC, id DESC`;
  const params = [userId, mode, options.symbol];
  const where = `user_id = $1 AND mode = $2 AND ${open ? `(${STILL_OPEN})` : `NOT (${STILL_OPEN})`} AND ($3::text IS NULL OR symbol = $3)`;
  const total = await q.query<{ count: string }>(`SELECT count(*)::text AS count FROM seconds_contracts WHERE ${where}`, params);
  const { rows } = await q.query<ContractRow>(`SELECT ${CONTRACT_COLUMNS} FROM seconds_contracts WHERE ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [
    ...params,
    options.limit,
    options.offset,
  ]);
  const record = await q.query<SecondsRecord>(
    `SELECT count(*) FILTER (WHERE status = 'settled')::int AS count, count(*) FILTER (WHERE outcome = 'win')::int AS wins,
            count(*) FILTER (WHERE outcome = 'loss')::int AS losses, count(*) FILTER (WHERE outcome = 'tie')::int AS ties,
            trim_scale(COALESCE(sum(stake) FILTER (WHERE status = 'settled'), 0))::text AS staked,
            trim_scale(COALESCE(sum(payout - stake) FILTER (WHERE status = 'settled'), 0))::text AS net,
            count(*) FILTER (WHERE ${STILL_OPEN})::int AS open
       FROM seconds_contracts WHERE user_id = $1 AND mode = $2`,
    [userId, mode],
  );
  return { total: Number(total.rows[0]!.count), rows, record: record.rows[0]! };
}

/** The recorded ticks of these ids. */
export async function ticksByIds(q: Db, ids: string[]): Promise<RecordedTickRow[]> {
  const { rows } = await q.query<RecordedTickRow>(`SELECT ${TICK_COLUMNS} FROM seconds_ticks WHERE id = ANY($1::bigint[])`, [ids]);
  return rows;
}

/** The hashes of these receipts. */
export async function receiptHashes(q: Db, seqs: string[]): Promise<{ seq: string; hash: string }[]> {
  const { rows } = await q.query<{ seq: string; hash: string }>(`SELECT seq::text AS seq, hash FROM receipt_links WHERE seq = ANY($1::bigint[])`, [seqs]);
  return rows;
}
