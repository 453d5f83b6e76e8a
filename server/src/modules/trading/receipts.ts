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
  /** The chain it is a link of: its symbol's, or the venue's (VENUE_CHAIN). */
  chain: string;
  /** Its position in its chain (commit order; gapless). */
  link: string;
  prevHash: string;
  hash: string;
}

export const GENESIS_HASH = '0'.repeat(64);

/**
 * The venue's chain: every receipt not of one symbol, and the anchors of the symbols' chains (its head is the row of
 * receipt_chain_head; a symbol chain's is its row of receipt_chain_heads, migration 0071).
 */
export const VENUE_CHAIN = 'venue';
/** The kind of the venue chain's receipts naming every symbol chain's head (anchorReceiptChains). */
export const ANCHOR_KIND = 'anchor';

export function receiptHash(prevHash: string, payload: string): string {
  return createHash('sha256').update(prevHash).update(payload).digest('hex');
}

/** Where a chain starts: the venue's at 64 zeros, a symbol's at a hash of its own (so no two chains share a prev_hash). */
export function chainGenesis(chain: string): string {
  return chain === VENUE_CHAIN ? GENESIS_HASH : receiptHash(GENESIS_HASH, canonicalJson({ chain }));
}

type Unlinked = Pick<RecordedReceipt, 'seq' | 'payload'> & { chain: string };
const unlinkedOf = new WeakMap<Db, Unlinked[]>();
/**
 * Records one receipt in the caller's transaction and has it linked into its chain (hash = sha256(prev_hash +
 * canonical payload)) as that transaction's last step, just before its commit: the chain's head row is locked only
 * then, for one statement inserting the transaction's links and moving the head, so concurrent transactions on
 * PostgreSQL queue on it for that moment only instead of from their first fill to their commit. The chain is the
 * entry's `chain` (a fill's: its symbol, so fills of different symbols never queue on one head), else the venue's.
 * The links are in commit order and never fork (the head lock, UNIQUE prev_hash); a rollback takes the receipt and
 * its link with it. On a store without transaction steps (a bare connection) the receipt is linked at once, as
 * before. The number returned is the receipt's, for the rows that refer to it.
 */
export async function appendReceipt(tx: Db, entry: { kind: ReceiptKind; ref: string; payload: unknown; chain?: string | undefined }, now: Date): Promise<RecordedReceipt> {
  const payload = canonicalJson({ kind: entry.kind, ref: entry.ref, at: now.toISOString(), ...(entry.payload as object) });
  const { rows } = await tx.query<{ seq: string }>('INSERT INTO receipts (kind, ref, payload, created_at) VALUES ($1, $2, $3, $4) RETURNING seq::text AS seq', [
    entry.kind,
    entry.ref,
    payload,
    now,
  ]);
  const recorded = { seq: rows[0]!.seq, kind: entry.kind, ref: entry.ref, payload, createdAt: now };
  const chain = entry.chain ?? VENUE_CHAIN;
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
  if (unlinked) unlinked.push({ seq: recorded.seq, payload, chain });
  else await linkReceipts(tx, [{ seq: recorded.seq, payload, chain }]);
  return recorded;
}

/**
 * Extends each chain by its `receipts`, in order, under its head's row lock (held until the caller's commit); the
 * chains in name order, so two transactions linking into the same two chains cannot deadlock.
 */
async function linkReceipts(tx: Db, receipts: readonly Unlinked[]): Promise<void> {
  const chains = [...new Set(receipts.map((r) => r.chain))].sort();
  for (const chain of chains) await linkInto(tx, chain, receipts.filter((r) => r.chain === chain));
}

async function linkInto(tx: Db, chain: string, receipts: readonly Unlinked[]): Promise<void> {
  if (!receipts.length) return;
  // the head, locked: the venue's row, or the symbol's (opened at its genesis by the first link, in one statement)
  const head = chain === VENUE_CHAIN
    ? await tx.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_head WHERE id = 1 FOR UPDATE')
    : await tx.query<{ link: string; hash: string }>(
      `INSERT INTO receipt_chain_heads (chain, link, hash) VALUES ($1, 0, $2)
       ON CONFLICT (chain) DO UPDATE SET link = receipt_chain_heads.link RETURNING link::text AS link, hash`,
      [chain, chainGenesis(chain)],
    );
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
  // the links and the head's move in one statement
  const moveHead = chain === VENUE_CHAIN
    ? 'UPDATE receipt_chain_head SET link = $6, hash = $7 WHERE id = 1'
    : 'UPDATE receipt_chain_heads SET link = $6, hash = $7 WHERE chain = $5';
  await tx.query(
    `WITH linked AS (INSERT INTO receipt_links (chain, link, seq, prev_hash, hash)
                     SELECT $5, * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]))
     ${moveHead}`,
    [...columns, chain, link.toString(), prevHash],
  );
}

/**
 * Appends to the venue chain an anchor receipt naming every symbol chain's head (link and hash) as committed now,
 * unless none moved since the last anchor: the venue chain's hash then covers every symbol chain up to those
 * links, and `receipts verify` checks each. Run by the job `receipts.anchor` every few seconds; null when nothing moved.
 */
export async function anchorReceiptChains(tx: Db, now: Date): Promise<RecordedReceipt | null> {
  const heads = await tx.query<{ chain: string; link: string; hash: string }>(
    'SELECT chain, link::text AS link, hash FROM receipt_chain_heads WHERE link > 0 ORDER BY chain',
  );
  if (!heads.rows.length) return null;
  const last = await tx.query<{ payload: string }>(
    `SELECT r.payload FROM receipts r JOIN receipt_links l ON l.seq = r.seq WHERE l.chain = $1 AND r.kind = $2 ORDER BY l.link DESC LIMIT 1`,
    [VENUE_CHAIN, ANCHOR_KIND],
  );
  const chains = heads.rows.map((h) => ({ chain: h.chain, link: h.link, hash: h.hash }));
  if (last.rows[0] && canonicalJson((JSON.parse(last.rows[0].payload) as { chains: unknown }).chains) === canonicalJson(chains)) return null;
  return appendReceipt(tx, { kind: ANCHOR_KIND, ref: 'receipt-chains', payload: { chains } }, now);
}

const COLUMNS = `r.seq::text AS seq, l.chain, l.link::text AS link, r.kind, r.ref, r.payload, l.prev_hash AS "prevHash", l.hash, r.created_at AS "createdAt"`;
const LINKED = 'receipts r JOIN receipt_links l ON l.seq = r.seq';

export async function receiptsBySeq(db: Db, seqs: readonly string[]): Promise<Receipt[]> {
  if (!seqs.length) return [];
  const { rows } = await db.query<Receipt>(`SELECT ${COLUMNS} FROM ${LINKED} WHERE r.seq = ANY($1::bigint[]) ORDER BY l.chain, l.link`, [seqs]);
  return rows;
}

export interface ReceiptReport {
  ok: boolean;
  receipts: number;
  problems: string[];
}

/**
 * Recomputes every chain from its genesis in link order: every link follows the previous one, every prev_hash is
 * the previous hash, every hash is sha256(prev_hash + payload of its receipt), and the head names the last link;
 * every receipt is linked; and every anchor of the venue chain names, for each symbol chain, a link that exists
 * with that hash, never behind the previous anchor's. Read in pages of 1000.
 */
export async function verifyReceipts(db: Db): Promise<ReceiptReport> {
  const problems: string[] = [];
  let count = 0;
  const anchors: { seq: string; chains: { chain: string; link: string; hash: string }[] }[] = [];
  const heads = new Map<string, { link: string; hash: string }>();
  const venueHead = await db.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_head WHERE id = 1');
  if (venueHead.rows[0]) heads.set(VENUE_CHAIN, venueHead.rows[0]);
  const symbolHeads = await db.query<{ chain: string; link: string; hash: string }>('SELECT chain, link::text AS link, hash FROM receipt_chain_heads');
  for (const h of symbolHeads.rows) heads.set(h.chain, h);
  const linkedChains = await db.query<{ chain: string }>('SELECT DISTINCT chain FROM receipt_links');
  const chains = [...new Set([VENUE_CHAIN, ...heads.keys(), ...linkedChains.rows.map((r) => r.chain)])].sort();
  for (const chain of chains) {
    let prevHash = chainGenesis(chain);
    let expected = 1n;
    for (;;) {
      const { rows } = await db.query<Receipt>(`SELECT ${COLUMNS} FROM ${LINKED} WHERE l.chain = $1 AND l.link >= $2 ORDER BY l.link LIMIT 1000`, [chain, expected.toString()]);
      for (const row of rows) {
        count++;
        const at = chain === VENUE_CHAIN ? '' : ` (chain ${chain})`;
        if (BigInt(row.link) !== expected) problems.push(`link ${expected} is missing (next is ${row.link})${at}`);
        if (row.prevHash !== prevHash) problems.push(`receipt ${row.seq} links to ${row.prevHash}, not to the previous hash ${prevHash}${at}`);
        if (receiptHash(row.prevHash, row.payload) !== row.hash) problems.push(`receipt ${row.seq}: its hash does not match its content${at}`);
        if (chain === VENUE_CHAIN && row.kind === ANCHOR_KIND) anchors.push({ seq: row.seq, chains: anchoredChains(row.payload) });
        prevHash = row.hash;
        expected = BigInt(row.link) + 1n;
      }
      if (rows.length < 1000) break;
    }
    const head = heads.get(chain);
    const last = (expected - 1n).toString();
    const name = chain === VENUE_CHAIN ? 'the chain head' : `the head of chain ${chain}`;
    if (head?.link !== last || head?.hash !== prevHash) problems.push(`${name} (${head?.link}) is not the last link (${last})`);
  }
  problems.push(...(await checkAnchors(db, anchors)));
  const unlinked = await db.query<{ seq: string }>(
    'SELECT r.seq::text AS seq FROM receipts r WHERE NOT EXISTS (SELECT 1 FROM receipt_links l WHERE l.seq = r.seq) ORDER BY r.seq LIMIT 10',
  );
  for (const { seq } of unlinked.rows) problems.push(`receipt ${seq} is not in the chain`);
  return { ok: problems.length === 0, receipts: count, problems };
}

function anchoredChains(payload: string): { chain: string; link: string; hash: string }[] {
  try {
    const chains = (JSON.parse(payload) as { chains?: unknown }).chains;
    return Array.isArray(chains) ? (chains as { chain: string; link: string; hash: string }[]) : [];
  } catch {
    return [];
  }
}

/** Every anchor's (chain, link, hash) is a link of that chain with that hash, and no anchor names a link behind an earlier anchor's. */
async function checkAnchors(db: Db, anchors: readonly { seq: string; chains: { chain: string; link: string; hash: string }[] }[]): Promise<string[]> {
  const problems: string[] = [];
  const named = [];
  for (const anchor of anchors) {
    for (const c of anchor.chains) {
      if (typeof c?.chain === 'string' && typeof c.hash === 'string' && /^[1-9][0-9]{0,17}$/.test(String(c.link))) named.push({ ...c, link: String(c.link), seq: anchor.seq });
      else problems.push(`anchor ${anchor.seq} names a chain head that is not (chain, link, hash): ${JSON.stringify(c)}`);
    }
  }
  const found = new Map<string, string>();
  for (let i = 0; i < named.length; i += 1000) {
    const page = named.slice(i, i + 1000);
    const { rows } = await db.query<{ chain: string; link: string; hash: string }>(
      `SELECT l.chain, l.link::text AS link, l.hash FROM receipt_links l JOIN unnest($1::text[], $2::bigint[]) AS n(chain, link) USING (chain, link)`,
      [page.map((c) => String(c.chain)), page.map((c) => String(c.link))],
    );
    for (const r of rows) found.set(`${r.chain}\u0000${r.link}`, r.hash);
  }
  const reached = new Map<string, bigint>();
  for (const c of named) {
    const hash = found.get(`${c.chain}\u0000${c.link}`);
    if (hash === undefined) problems.push(`anchor ${c.seq} names link ${c.link} of chain ${c.chain}, which does not exist`);
    else if (hash !== c.hash) problems.push(`anchor ${c.seq} names link ${c.link} of chain ${c.chain} with hash ${c.hash}, but that link's hash is ${hash}`);
    const before = reached.get(c.chain);
    if (before !== undefined && BigInt(c.link) < before) problems.push(`anchor ${c.seq} names link ${c.link} of chain ${c.chain}, behind an earlier anchor's ${before}`);
    reached.set(c.chain, BigInt(c.link));
  }
  return problems;
}
