import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { canonicalJson } from '../../platform-kit/request-fingerprint.js';
import { beforeCommit } from '../platform/user-events.js';

/** What a receipt records: a fill, a liquidation, a funding payment… */
export type ReceiptKind = 'fill' | 'liquidation' | 'funding' | (string & {});

/** A receipt as recorded in its transaction: numbered, not yet linked (the chain is extended just before commit). */
export interface RecordedReceipt {
  /** The receipt's number (what fills, funding and liquidation rows refer to). */
  seq: string;
  kind: string;
  ref: string;
  /** The canonical JSON text the hash covers. */
  payload: string;
  createdAt: Date;
}

/** A committed receipt with its link in the chain. */
export interface Receipt extends RecordedReceipt {
  /** Its position in the chain (commit order; gapless). */
  link: string;
  prevHash: string;
  hash: string;
}

export const GENESIS_HASH = '0'.repeat(64);

export function receiptHash(prevHash: string, payload: string): string {
  return createHash('sha256').update(prevHash).update(payload).digest('hex');
}

type Unlinked = Pick<RecordedReceipt, 'seq' | 'payload'>;
const unlinkedOf = new WeakMap<Db, Unlinked[]>();
/**
 * Records one receipt in the caller's transaction and has it linked into the platform's chain (hash =
 * sha256(prev_hash + canonical payload)) as that transaction's last step, just before its commit: the chain
 * head row is locked (FOR UPDATE) only then, for one INSERT of the transaction's links and one UPDATE of the
 * head, so concurrent transactions on PostgreSQL queue on it for that moment only instead of from their first
 * fill to their commit. The links are in commit order and never fork (the head lock, UNIQUE prev_hash); a
 * rollback takes the receipt and its link with it. On a store without transaction steps (a bare connection)
 * the receipt is linked at once, as before. The number returned is the receipt's, for the rows that refer to it.
 */
export async function appendReceipt(tx: Db, entry: { kind: ReceiptKind; ref: string; payload: unknown }, now: Date): Promise<RecordedReceipt> {
  const payload = canonicalJson({ kind: entry.kind, ref: entry.ref, at: now.toISOString(), ...(entry.payload as object) });
  const { rows } = await tx.query<{ seq: string }>('INSERT INTO receipts (kind, ref, payload, created_at) VALUES ($1, $2, $3, $4) RETURNING seq::text AS seq', [
    entry.kind,
    entry.ref,
    payload,
    now,
  ]);
  const recorded = { seq: rows[0]!.seq, kind: entry.kind, ref: entry.ref, payload, createdAt: now };
  let unlinked = unlinkedOf.get(tx);
  if (!unlinked) {
    const list: Unlinked[] = [];
    const link = () => {
      // a receipt recorded after this step (by a later one) registers a step of its own
      unlinkedOf.delete(tx);
      return linkReceipts(tx, list);
    };
    if (beforeCommit(tx, link)) unlinkedOf.set(tx, (unlinked = list));
  }
  if (unlinked) unlinked.push(recorded);
  else await linkReceipts(tx, [recorded]);
  return recorded;
}

/** Extends the chain by `receipts`, in order, under the head's row lock (held until the caller's commit). */
async function linkReceipts(tx: Db, receipts: readonly Unlinked[]): Promise<void> {
  if (!receipts.length) return;
  const head = await tx.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_head WHERE id = 1 FOR UPDATE');
  let link = BigInt(head.rows[0]!.link);
  let prevHash = head.rows[0]!.hash;
  const columns: [string[], string[], string[], string[]] = [[], [], [], []];
  for (const receipt of receipts) {
    link += 1n;
    const hash = receiptHash(prevHash, receipt.payload);
    columns[0].push(link.toString());
    columns[1].push(receipt.seq);
    columns[2].push(prevHash);
    columns[3].push(hash);
    prevHash = hash;
  }
  await tx.query('INSERT INTO receipt_links (link, seq, prev_hash, hash) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[])', columns);
  await tx.query('UPDATE receipt_chain_head SET link = $1, hash = $2 WHERE id = 1', [link.toString(), prevHash]);
}

const COLUMNS = `r.seq::text AS seq, l.link::text AS link, r.kind, r.ref, r.payload, l.prev_hash AS "prevHash", l.hash, r.created_at AS "createdAt"`;
const LINKED = 'receipts r JOIN receipt_links l ON l.seq = r.seq';

export async function receiptsBySeq(db: Db, seqs: readonly string[]): Promise<Receipt[]> {
  if (!seqs.length) return [];
  const { rows } = await db.query<Receipt>(`SELECT ${COLUMNS} FROM ${LINKED} WHERE r.seq = ANY($1::bigint[]) ORDER BY l.link`, [seqs]);
  return rows;
}

export interface ReceiptReport {
  ok: boolean;
  receipts: number;
  problems: string[];
}

/**
 * Recomputes the chain from the genesis in link order: every link follows the previous one, every prev_hash is
 * the previous hash, every hash is sha256(prev_hash + payload of its receipt), every receipt is linked, and the
 * head names the last link. Read in pages of 1000.
 */
export async function verifyReceipts(db: Db): Promise<ReceiptReport> {
  const problems: string[] = [];
  let prevHash = GENESIS_HASH;
  let expected = 1n;
  let count = 0;
  for (;;) {
    const { rows } = await db.query<Receipt>(`SELECT ${COLUMNS} FROM ${LINKED} WHERE l.link >= $1 ORDER BY l.link LIMIT 1000`, [expected.toString()]);
    for (const row of rows) {
      count++;
      if (BigInt(row.link) !== expected) problems.push(`link ${expected} is missing (next is ${row.link})`);
      if (row.prevHash !== prevHash) problems.push(`receipt ${row.seq} links to ${row.prevHash}, not to the previous hash ${prevHash}`);
      if (receiptHash(row.prevHash, row.payload) !== row.hash) problems.push(`receipt ${row.seq}: its hash does not match its content`);
      prevHash = row.hash;
      expected = BigInt(row.link) + 1n;
    }
    if (rows.length < 1000) break;
  }
  const unlinked = await db.query<{ seq: string }>(
    'SELECT r.seq::text AS seq FROM receipts r WHERE NOT EXISTS (SELECT 1 FROM receipt_links l WHERE l.seq = r.seq) ORDER BY r.seq LIMIT 10',
  );
  for (const { seq } of unlinked.rows) problems.push(`receipt ${seq} is not in the chain`);
  const head = await db.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_head WHERE id = 1');
  const last = (expected - 1n).toString();
  if (head.rows[0]?.link !== last || head.rows[0]?.hash !== prevHash) problems.push(`the chain head (${head.rows[0]?.link}) is not the last link (${last})`);
  return { ok: problems.length === 0, receipts: count, problems };
}
