import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { perpetualHarness } from '../perpetual/test-support.js';
import { withUserEvents } from '../platform/user-events.js';
import { appendReceipt, GENESIS_HASH, receiptHash, receiptsBySeq, verifyReceipts } from './receipts.js';

const h = perpetualHarness();

const head = async () => (await h.db.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_head')).rows[0]!;
const linked = async (seq: string) => (await h.db.query('SELECT 1 FROM receipt_links WHERE seq = $1', [seq])).rows.length > 0;

test('a transaction records its receipts at once and links them only as its last step, so the chain head is not locked meanwhile', async () => {
  // the app's store (transaction steps); the harness's own handle is the bare one
  const store = withUserEvents(h.db, () => undefined);
  const before = await head();
  let seqs: string[] = [];
  await store.transaction(async (tx) => {
    const a = await appendReceipt(tx, { kind: 'test', ref: 'a', payload: { n: 1 } }, h.time.clock());
    const b = await appendReceipt(tx, { kind: 'test', ref: 'b', payload: { n: 2 } }, h.time.clock());
    seqs = [a.seq, b.seq];
    // recorded (numbered, rows may refer to them) but not linked, and the head untouched until the end
    const inside = await tx.query<{ link: string }>('SELECT link::text AS link FROM receipt_chain_head');
    assert.equal(inside.rows[0]!.link, before.link);
    assert.equal((await tx.query('SELECT 1 FROM receipt_links WHERE seq = ANY($1::bigint[])', [seqs])).rows.length, 0);
    if (process.env.TEST_DATABASE_URL) {
      // another connection can take the head's row lock now: a fill elsewhere does not wait for this transaction
      const url = (await h.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
      const other = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL, url) });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT link FROM receipt_chain_head WHERE id = 1 FOR UPDATE NOWAIT');
        await other.query('ROLLBACK');
      } finally {
        await other.end();
      }
    }
  });
  const after = await head();
  assert.equal(BigInt(after.link), BigInt(before.link) + 2n, 'both linked at commit, in the order recorded');
  const receipts = await receiptsBySeq(h.db, seqs);
  assert.deepEqual(receipts.map((r) => r.ref), ['a', 'b']);
  assert.equal(receipts[0]!.prevHash, before.hash);
  assert.equal(receipts[1]!.prevHash, receipts[0]!.hash);
  assert.equal(receipts[1]!.hash, receiptHash(receipts[0]!.hash, receipts[1]!.payload));
  assert.equal(after.hash, receipts[1]!.hash);
});

test('a rolled-back transaction leaves neither its receipt nor a link (its number is a gap, never a fork)', async () => {
  const store = withUserEvents(h.db, () => undefined);
  const before = await head();
  let seq = '';
  await assert.rejects(
    store.transaction(async (tx) => {
      seq = (await appendReceipt(tx, { kind: 'test', ref: 'gone', payload: {} }, h.time.clock())).seq;
      throw new Error('changed my mind');
    }),
    /changed my mind/,
  );
  assert.equal((await h.db.query('SELECT 1 FROM receipts WHERE seq = $1', [seq])).rows.length, 0);
  assert.deepEqual(await head(), before);
  const next = await store.transaction((tx) => appendReceipt(tx, { kind: 'test', ref: 'next', payload: {} }, h.time.clock()));
  assert.ok(BigInt(next.seq) > BigInt(seq));
  assert.equal(await linked(next.seq), true);
});

test('on a bare store (no transaction steps) a receipt is linked at once', async () => {
  const recorded = await h.db.transaction((tx) => appendReceipt(tx, { kind: 'test', ref: 'bare', payload: {} }, h.time.clock()));
  assert.equal(await linked(recorded.seq), true);
});

test('many orders at once: every receipt linked exactly once, the links gapless, the chain verified', async () => {
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const traders = await Promise.all(Array.from({ length: 6 }, () => h.trader('100000')));
  for (const t of traders) assert.equal((await t.post('contract/settings', { positionMode: 'split' })).code, 0);
  const before = await head();
  const results = await Promise.all(
    Array.from({ length: 48 }, (_, i) => traders[i % traders.length]!.open({ side: i % 2 ? 'long' : 'short', quantity: '0.001' })),
  );
  for (const r of results) assert.equal(r.code, 0, r.msg);
  // and closes racing opens
  const closes = await Promise.all(results.slice(0, 12).map((r, i) => traders[i % traders.length]!.post('contract/closePosition', { positionId: r.data.position.id, requestId: h.rid() })));
  for (const r of closes) assert.equal(r.code, 0, r.msg);
  const after = await head();
  assert.equal(BigInt(after.link) - BigInt(before.link), 60n, 'one link per fill');
  const { rows } = await h.db.query<{ fills: string; links: string; distinct: string }>(
    `SELECT (SELECT count(*) FROM perp_fills)::text AS fills, (SELECT count(*) FROM receipt_links)::text AS links,
            (SELECT count(DISTINCT prev_hash) FROM receipt_links)::text AS distinct`,
  );
  assert.equal(rows[0]!.links, rows[0]!.distinct, 'no two links extend the same one');
  const report = await verifyReceipts(h.db);
  assert.deepEqual(report.problems, []);
  assert.equal(report.receipts, Number(after.link));
  assert.notEqual(after.hash, GENESIS_HASH);
});

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
