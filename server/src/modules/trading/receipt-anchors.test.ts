import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { testDb } from '../../testing/test-db.js';
import { JobRunner } from '../../platform-kit/jobs/job-runner.js';
import { withUserEvents } from '../platform/user-events.js';
import { RECEIPT_ANCHOR_JOB, RECEIPT_ANCHOR_MS, tradingModule } from './module.js';
import { anchorReceiptChains, appendReceipt, receiptsBySeq, VENUE_CHAIN, verifyReceipts } from './receipts.js';

// a store of its own: the last scenario leaves a forged anchor that no later check could pass
const now = new Date('2026-03-01T09:00:00Z');
let db: Db;
let cleanup: () => Promise<void>;
before(async () => ({ db, cleanup } = await testDb()));
after(() => cleanup());

test('the trading module\'s job anchors the symbol chains every RECEIPT_ANCHOR_MS', async () => {
  const jobs = tradingModule.jobs!({} as never);
  assert.deepEqual(jobs.map((j) => [j.kind, j.everyMs]), [[RECEIPT_ANCHOR_JOB, RECEIPT_ANCHOR_MS]]);
  await withUserEvents(db, () => undefined).transaction((tx) => appendReceipt(tx, { kind: 'test', ref: 'dot-1', payload: {}, chain: 'DOTUSDT' }, now));
  let at = now;
  const runner = new JobRunner(db, jobs, { clock: () => at });
  await runner.tick(); // schedules it
  at = new Date(now.getTime() + RECEIPT_ANCHOR_MS);
  assert.equal(await runner.tick(), 1);
  const { rows } = await db.query<{ payload: string }>(`SELECT payload FROM receipts WHERE kind = 'anchor' ORDER BY seq DESC LIMIT 1`);
  assert.deepEqual((JSON.parse(rows[0]!.payload) as { chains: { chain: string; link: string }[] }).chains.map((c) => [c.chain, c.link]), [['DOTUSDT', '1']]);
  assert.deepEqual((await verifyReceipts(db)).problems, []);
});

test('an anchor names every symbol chain\'s head in the venue chain, once per change; verify checks every anchor and every chain', async () => {
  const store = withUserEvents(db, () => undefined);
  await store.transaction((tx) => appendReceipt(tx, { kind: 'test', ref: 'xrp-1', payload: {}, chain: 'XRPUSDT' }, now));
  const anchor = await store.transaction((tx) => anchorReceiptChains(tx, now));
  assert.ok(anchor);
  const [linked] = await receiptsBySeq(db, [anchor.seq]);
  assert.equal(linked!.chain, VENUE_CHAIN);
  const named = (JSON.parse(anchor.payload) as { chains: { chain: string; link: string; hash: string }[] }).chains;
  const heads = (await db.query<{ chain: string; link: string; hash: string }>('SELECT chain, link::text AS link, hash FROM receipt_chain_heads WHERE link > 0 ORDER BY chain')).rows;
  assert.deepEqual(named, heads, 'every symbol chain\'s head as it was');
  assert.ok(named.some((c) => c.chain === 'XRPUSDT'));
  assert.equal(await store.transaction((tx) => anchorReceiptChains(tx, now)), null, 'nothing moved: no second anchor');
  assert.deepEqual((await verifyReceipts(db)).problems, []);

  // an anchor that names a link with another hash, or a link that does not exist, is reported
  const forged = await store.transaction((tx) => appendReceipt(tx, { kind: 'anchor', ref: 'receipt-chains', payload: { chains: [
    { chain: 'XRPUSDT', link: '99', hash: 'e'.repeat(64) }, { chain: 'XRPUSDT', link: '1', hash: 'f'.repeat(64) },
  ] } }, now));
  const report = await verifyReceipts(db);
  assert.equal(report.ok, false);
  assert.match(report.problems.join('\n'), new RegExp(`anchor ${forged.seq} names link 1 of chain XRPUSDT with hash f{64}, but that link's hash is`));
  assert.match(report.problems.join('\n'), new RegExp(`anchor ${forged.seq} names link 99 of chain XRPUSDT, which does not exist`));
  assert.match(report.problems.join('\n'), new RegExp(`anchor ${forged.seq} names link 1 of chain XRPUSDT, behind an earlier anchor's 99`));
});

