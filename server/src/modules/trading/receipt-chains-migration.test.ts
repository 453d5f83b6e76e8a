import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../../db/db.js';
import { loadMigrations, migrate } from '../../db/migrate.js';
import { canonicalJson } from '../../platform-kit/request-fingerprint.js';
import { useUnmigratedStore } from '../../testing/test-db.js';
import { appendReceipt, chainGenesis, GENESIS_HASH, receiptHash, receiptsBySeq, VENUE_CHAIN, verifyReceipts } from './receipts.js';

const now = new Date('2026-03-02T15:00:00Z');
let db: Db;
useUnmigratedStore((opened) => (db = opened));

/** A fill's receipt linked the way every receipt was before 0071: the next link of the one chain (written as SQL, as appendReceipt now names chains). */
async function legacyReceipt(ref: string): Promise<string> {
  const payload = canonicalJson({ kind: 'fill', ref, at: now.toISOString(), symbol: 'BTCUSDT' });
  const { rows } = await db.query<{ seq: string }>(`INSERT INTO receipts (kind, ref, payload, created_at) VALUES ('fill', $1, $2, $3) RETURNING seq::text AS seq`, [ref, payload, now]);
  const head = (await db.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_head WHERE id = 1')).rows[0]!;
  const link = String(BigInt(head.link) + 1n);
  const hash = receiptHash(head.hash, payload);
  await db.query('INSERT INTO receipt_links (link, seq, prev_hash, hash) VALUES ($1, $2, $3, $4)', [link, rows[0]!.seq, head.hash, hash]);
  await db.query('UPDATE receipt_chain_head SET link = $1, hash = $2 WHERE id = 1', [link, hash]);
  return rows[0]!.seq;
}

test('0071 keeps every receipt linked before it in the venue chain; new fills link into their symbol\'s chain; all verify', async () => {
  const all = await loadMigrations();
  await migrate(db, all.filter((m) => m.version <= 70));
  const old = [await legacyReceipt('legacy-1'), await legacyReceipt('legacy-2')];
  const headBefore = (await db.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_head')).rows[0]!;
  await migrate(db, all.filter((m) => m.version > 70));

  const kept = await receiptsBySeq(db, old);
  assert.deepEqual(kept.map((r) => [r.chain, r.link]), [[VENUE_CHAIN, '1'], [VENUE_CHAIN, '2']]);
  assert.equal(kept[0]!.prevHash, GENESIS_HASH);
  assert.deepEqual((await verifyReceipts(db)).problems, [], 'the chain as it was verifies');

  const fill = await db.transaction((tx) => appendReceipt(tx, { kind: 'fill', ref: 'new-1', payload: {}, chain: 'BTCUSDT' }, now));
  const other = await db.transaction((tx) => appendReceipt(tx, { kind: 'payout', ref: 'new-2', payload: {} }, now));
  const [fillLinked, otherLinked] = [(await receiptsBySeq(db, [fill.seq]))[0]!, (await receiptsBySeq(db, [other.seq]))[0]!];
  assert.deepEqual([fillLinked.chain, fillLinked.link, fillLinked.prevHash], ['BTCUSDT', '1', chainGenesis('BTCUSDT')]);
  assert.deepEqual([otherLinked.chain, otherLinked.link, otherLinked.prevHash], [VENUE_CHAIN, '3', headBefore.hash], 'the venue chain goes on from its head');
  const report = await verifyReceipts(db);
  assert.deepEqual(report.problems, []);
  assert.equal(report.receipts, 4);
});
