import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { canonicalJson } from '../ledger/request-fingerprint.js';

/** What a receipt records: a fill, a liquidation, a funding payment… */
export type ReceiptKind = 'fill' | 'liquidation' | 'funding' | (string & {});

export interface Receipt {
  seq: string;
  kind: string;
  ref: string;
  /** The canonical JSON text the hash covers. */
  payload: string;
  prevHash: string;
  hash: string;
  createdAt: Date;
}

export const GENESIS_HASH = '0'.repeat(64);

export function receiptHash(prevHash: string, payload: string): string {
  return createHash('sha256').update(prevHash).update(payload).digest('hex');
}

/**
 * Appends one link to the platform's receipt chain in the caller's transaction: hash = sha256(prev_hash +
 * canonical payload). The chain head row is locked first (FOR UPDATE), so on PostgreSQL two transactions
 * appending at once queue on it and cannot both extend the same link (PGlite runs one transaction at a time);
 * the head lock is held until commit, so fills serialise on it, which is the price of a single chain.
 */
export async function appendReceipt(tx: Db, entry: { kind: ReceiptKind; ref: string; payload: unknown }, now: Date): Promise<Receipt> {
  const head = await tx.query<{ seq: string; hash: string }>('SELECT seq::text AS seq, hash FROM receipt_chain_head WHERE id = 1 FOR UPDATE');
  const { seq, hash: prevHash } = head.rows[0]!;
  const payload = canonicalJson({ kind: entry.kind, ref: entry.ref, at: now.toISOString(), ...(entry.payload as object) });
  const next = (BigInt(seq) + 1n).toString();
  const hash = receiptHash(prevHash, payload);
  await tx.query('INSERT INTO receipts (seq, kind, ref, payload, prev_hash, hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    next,
    entry.kind,
    entry.ref,
    payload,
    prevHash,
    hash,
    now,
  ]);
  await tx.query('UPDATE receipt_chain_head SET seq = $1, hash = $2 WHERE id = 1', [next, hash]);
  return { seq: next, kind: entry.kind, ref: entry.ref, payload, prevHash, hash, createdAt: now };
}

const COLUMNS = `seq::text AS seq, kind, ref, payload, prev_hash AS "prevHash", hash, created_at AS "createdAt"`;

export async function receiptsBySeq(db: Db, seqs: readonly string[]): Promise<Receipt[]> {
  if (!seqs.length) return [];
  const { rows } = await db.query<Receipt>(`SELECT ${COLUMNS} FROM receipts WHERE seq = ANY($1::bigint[]) ORDER BY receipts.seq`, [seqs]);
  return rows;
}

export interface ReceiptReport {
  ok: boolean;
  receipts: number;
  problems: string[];
}

/**
 * Recomputes the chain from the genesis: every seq follows the previous one, every prev_hash is the previous
 * hash, every hash is sha256(prev_hash + payload), and the head names the last link. Read in pages of 1000.
 */
export async function verifyReceipts(db: Db): Promise<ReceiptReport> {
  const problems: string[] = [];
  let prevHash = GENESIS_HASH;
  let expected = 1n;
  let count = 0;
  for (;;) {
    const { rows } = await db.query<Receipt>(`SELECT ${COLUMNS} FROM receipts WHERE seq >= $1 ORDER BY receipts.seq LIMIT 1000`, [expected.toString()]);
    for (const row of rows) {
      count++;
      if (BigInt(row.seq) !== expected) problems.push(`receipt ${expected} is missing (next is ${row.seq})`);
      if (row.prevHash !== prevHash) problems.push(`receipt ${row.seq} links to ${row.prevHash}, not to the previous hash ${prevHash}`);
      if (receiptHash(row.prevHash, row.payload) !== row.hash) problems.push(`receipt ${row.seq}: its hash does not match its content`);
      prevHash = row.hash;
      expected = BigInt(row.seq) + 1n;
    }
    if (rows.length < 1000) break;
  }
  const head = await db.query<{ seq: string; hash: string }>('SELECT seq::text AS seq, hash FROM receipt_chain_head WHERE id = 1');
  const last = (expected - 1n).toString();
  if (head.rows[0]?.seq !== last || head.rows[0]?.hash !== prevHash) problems.push(`the chain head (${head.rows[0]?.seq}) is not the last receipt (${last})`);
  return { ok: problems.length === 0, receipts: count, problems };
}
