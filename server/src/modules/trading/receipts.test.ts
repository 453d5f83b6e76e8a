import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { perpetualHarness } from '../perpetual/test-support.js';
import { withUserEvents } from '../platform/user-events.js';
import { appendReceipt, chainGenesis, receiptHash, receiptsBySeq, verifyReceipts } from './receipts.js';

const h = perpetualHarness();

const head = async () => (await h.db.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_head')).rows[0]!;
const chainHead = async (chain: string) =>
  (await h.db.query<{ link: string; hash: string }>('SELECT link::text AS link, hash FROM receipt_chain_heads WHERE chain = $1', [chain])).rows[0] ?? { link: '0', hash: chainGenesis(chain) };
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
  const btcBefore = await chainHead('BTCUSDT');
  const results = await Promise.all(
    Array.from({ length: 48 }, (_, i) => traders[i % traders.length]!.open({ side: i % 2 ? 'long' : 'short', quantity: '0.001' })),
  );
  for (const r of results) assert.equal(r.code, 0, r.msg);
  // and closes racing opens
  const closes = await Promise.all(results.slice(0, 12).map((r, i) => traders[i % traders.length]!.post('contract/closePosition', { positionId: r.data.position.id, requestId: h.rid() })));
  for (const r of closes) assert.equal(r.code, 0, r.msg);
  const btc = await chainHead('BTCUSDT');
  assert.equal(BigInt(btc.link) - BigInt(btcBefore.link), 60n, 'one link per fill, in the symbol\'s chain');
  assert.deepEqual(await head(), before, 'the venue\'s chain is not where fills queue');
  const { rows } = await h.db.query<{ fills: string; links: string; distinct: string }>(
    `SELECT (SELECT count(*) FROM perp_fills)::text AS fills, (SELECT count(*) FROM receipt_links)::text AS links,
            (SELECT count(DISTINCT prev_hash) FROM receipt_links)::text AS distinct`,
  );
  assert.equal(rows[0]!.links, rows[0]!.distinct, 'no two links extend the same one');
  const report = await verifyReceipts(h.db);
  assert.deepEqual(report.problems, []);
  assert.equal(report.receipts, Number(rows[0]!.links));
  assert.notEqual(btc.hash, chainGenesis('BTCUSDT'));
});

test('each symbol\'s receipts form a chain of their own from its genesis; a transaction of one symbol does not wait for another\'s head', async () => {
  const store = withUserEvents(h.db, () => undefined);
  const venue = await head();
  const [eth, sol] = [await chainHead('ETHUSDT'), await chainHead('SOLUSDT')];
  const seqs: string[] = [];
  await store.transaction(async (tx) => {
    seqs.push((await appendReceipt(tx, { kind: 'test', ref: 'eth-1', payload: { n: 1 }, chain: 'ETHUSDT' }, h.time.clock())).seq);
    seqs.push((await appendReceipt(tx, { kind: 'test', ref: 'sol-1', payload: { n: 2 }, chain: 'SOLUSDT' }, h.time.clock())).seq);
    seqs.push((await appendReceipt(tx, { kind: 'test', ref: 'eth-2', payload: { n: 3 }, chain: 'ETHUSDT' }, h.time.clock())).seq);
  });
  const receipts = await receiptsBySeq(h.db, seqs);
  assert.deepEqual(receipts.map((r) => [r.chain, r.ref, r.link]), [
    ['ETHUSDT', 'eth-1', String(BigInt(eth.link) + 1n)], ['ETHUSDT', 'eth-2', String(BigInt(eth.link) + 2n)], ['SOLUSDT', 'sol-1', String(BigInt(sol.link) + 1n)],
  ]);
  assert.equal(receipts[0]!.prevHash, eth.hash);
  assert.equal(receipts[1]!.prevHash, receipts[0]!.hash);
  assert.equal(receipts[2]!.prevHash, sol.hash);
  assert.notEqual(chainGenesis('ETHUSDT'), chainGenesis('SOLUSDT'));
  assert.deepEqual(await head(), venue, 'the venue chain did not move');
  assert.deepEqual((await verifyReceipts(h.db)).problems, []);
  if (process.env.TEST_DATABASE_URL) {
    // another connection holds ETHUSDT's head (a fill linking): a SOLUSDT receipt links without waiting for it
    const name = (await h.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
    const other = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL, name) });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT link FROM receipt_chain_heads WHERE chain = 'ETHUSDT' FOR UPDATE`);
      await store.transaction(async (tx) => {
        await tx.query(`SET LOCAL lock_timeout = '2s'`);
        await appendReceipt(tx, { kind: 'test', ref: 'sol-2', payload: {}, chain: 'SOLUSDT' }, h.time.clock());
      });
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
  }
});

test('a tampered receipt of a symbol chain fails verification, named with its chain', async () => {
  const store = withUserEvents(h.db, () => undefined);
  const receipt = await store.transaction((tx) => appendReceipt(tx, { kind: 'test', ref: 'ada-1', payload: { price: '1' }, chain: 'ADAUSDT' }, h.time.clock()));
  await h.db.query('ALTER TABLE receipts DISABLE TRIGGER receipts_append_only');
  try {
    await h.db.query('UPDATE receipts SET payload = $2 WHERE seq = $1', [receipt.seq, receipt.payload.replace('"price":"1"', '"price":"2"')]);
    const report = await verifyReceipts(h.db);
    assert.match(report.problems.join('\n'), new RegExp(`receipt ${receipt.seq}: its hash does not match its content \\(chain ADAUSDT\\)`));
  } finally {
    await h.db.query('UPDATE receipts SET payload = $2 WHERE seq = $1', [receipt.seq, receipt.payload]);
    await h.db.query('ALTER TABLE receipts ENABLE TRIGGER receipts_append_only');
  }
});

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
