import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { runCommand } from '../../ops/all-commands.js';
import { testApp } from '../../testing/app.js';
import { testDb, type TestStore } from '../../testing/test-db.js';
import { assertReused, sameRequestAtOnce } from '../../testing/same-request.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { verify } from '../ledger/ledger.js';
import { JobRunner } from '../../platform-kit/jobs/job-runner.js';
import { runDueSteps, stockOfferJobs } from './jobs.js';
import { fundSpot, heldOf, opsContext, sharesOf, spot } from './offers-support.js';

const HOUR = 3_600_000;
let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock(Date.parse('2026-03-02T15:00:00Z'));
const ops = () => opsContext(db, time.clock);
let n = 0;
const rid = () => `ipo-req-${(n += 1)}-${Math.random().toString(36).slice(2, 8)}`;

before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR }, { db, clock: time.clock, jobs: false });
  await runCommand(['stock:rate', 'USD', '1.0002'], ops());
  await runCommand(['stock:rate', 'JPY', '0.0066'], ops());
});
// Every scenario leaves a ledger that sums to zero, matches its transfers, and whose held parts equal the open holds.
afterEach(async () => assert.deepEqual((await verify(db)).problems, []));
after(async () => {
  await app.close();
  await cleanup();
});

async function investor(usdt = '100000') {
  const user = await registerUser(app, db);
  await fundSpot(db, user.uid, usdt, time.clock());
  return user;
}

async function publish(args: string[]): Promise<string> {
  const context = ops();
  await runCommand(['ipo:publish', ...args], context);
  return /^IPO (\d+)/.exec(context.lines[0]!)![1]!;
}

const subscribe = (token: string, ipoId: string, shares: string, requestId = rid(), headers: Record<string, string> = {}) =>
  call(app, 'POST', 'userStock/buyStockIpo', { token, headers, body: { ipoId, shares, requestId } });

describe('IPO subscriptions', () => {
  test('refusals: unknown offer, not whole lots, size, above 1e17, above the balance, before and after the window; nothing moves', async () => {
    const ipo = await publish(['7203:TSE', '--name', 'Toyota', '--price', '2500', '--shares', '100000', '--lot', '100', '--from', '+1h', '--until', '+2h', '--draw-at', '+3h', '--listing', '+4h']);
    const u = await investor('1000');
    assert.equal((await subscribe(u.token, ipo, '100')).reason, 'subscriptionNotOpen');
    time.advance(HOUR);
    assert.equal((await subscribe(u.token, '999999', '100')).reason, 'offerNotFound');
    assert.equal((await subscribe(u.token, ipo, '150')).reason, 'ipoWholeLots');
    assert.equal((await subscribe(u.token, ipo, '0')).reason, 'invalidSize');
    assert.equal((await subscribe(u.token, ipo, '1.5')).reason, 'invalidSize');
    assert.equal((await subscribe(u.token, ipo, '200000000000000000')).reason, 'offerAmountTooLarge');
    // 100 × 2,500 yen × 0.0066 = 1,650 USDT > 1,000
    assert.equal((await subscribe(u.token, ipo, '100')).reason, 'insufficientBalance');
    time.advance(HOUR);
    assert.equal((await subscribe(u.token, ipo, '100')).reason, 'subscriptionClosed');
    assert.equal(await spot(db, u.uid), '1000');
    assert.equal((await db.query('SELECT 1 FROM stock_ipo_subscriptions s JOIN stock_ipos i ON i.id = s.ipo_id WHERE i.id = $1', [ipo])).rows.length, 0);
    await runDueSteps(db, time.clock());
  });

  test('subscribe, review, close, draw, list: a provably fair allocation, holds closed once, shares delivered', async () => {
    // 10 lots of 1 share at 10 USD; 15 lots asked by the three passed subscribers
    const ipo = await publish(['AAPL:NASDAQ', '--name', 'Apple', '--price', '10', '--shares', '10', '--lot', '1', '--pe', '28.5', '--from', '+0s', '--until', '+1h', '--draw-at', '+2h', '--listing', '+3h']);
    const listed = await call(app, 'GET', 'stockIpo/list');
    const published = listed.data.find((i: { id: string }) => i.id === ipo);
    assert.equal(published.phase, 'open');
    assert.equal(published.seed, null, 'the seed stays secret until the draw');
    assert.match(published.seedHash, /^[0-9a-f]{64}$/);
    assert.equal(published.lotCostUsdt, '10.002');
    const hashBefore: string = published.seedHash;

    const [a, b, c, d, e] = [await investor(), await investor(), await investor(), await investor(), await investor()];
    const requestId = rid();
    const first = await sameRequestAtOnce(() => subscribe(a.token, ipo, '8', requestId));
    assertReused(await subscribe(a.token, ipo, '7', requestId));
    assert.deepEqual([first.data.status, first.data.lots, first.data.amount], ['pendingReview', 8, '80.016']);
    assert.equal(await spot(db, a.uid), '99919.984');
    assert.equal(await heldOf(db, a.uid), '80.016');
    const sb = (await subscribe(b.token, ipo, '5')).data;
    const sc = (await subscribe(c.token, ipo, '2')).data;
    const sd = (await subscribe(d.token, ipo, '1')).data;
    const se = (await subscribe(e.token, ipo, '3')).data;

    for (const s of [first.data, sb, sc]) await runCommand(['ipo:review', s.id, 'pass'], ops());
    await runCommand(['ipo:review', sd.id, 'reject', 'duplicate', 'account'], ops());
    assert.equal(await spot(db, d.uid), '100000', 'a rejection releases at once');
    await assert.rejects(runCommand(['ipo:review', sd.id, 'pass'], ops()), /not pending/);

    time.advance(HOUR);
    assert.deepEqual((await runDueSteps(db, time.clock())).closed, 1);
    assert.equal((await subscribe(c.token, ipo, '1')).reason, 'subscriptionClosed');
    const mine = async (token: string) => (await call(app, 'GET', 'stockIpo/mySubscriptions', { token })).data.list[0];
    assert.equal((await mine(a.token)).status, 'processing');
    assert.deepEqual([(await mine(e.token)).status, await spot(db, e.uid)], ['canceled', '100000'], 'not reviewed before the close: canceled, released');

    time.advance(HOUR);
    assert.equal((await runDueSteps(db, time.clock())).drawn, 1);
    const proof = (await call(app, 'GET', `stockIpo/proof?ipoId=${ipo}`)).data;
    const seed: string = proof.ipo.seed;
    assert.equal(createHash('sha256').update(seed).digest('hex'), hashBefore, 'the revealed seed is the one whose hash was published');
    assert.deepEqual(proof.ipo.totals, { subscribers: 3, lotsOffered: 10, lotsRequested: 15, lotsDrawn: 10 });

    // recompute the whole allocation from the seed and the entries, as the README's script does
    const order = proof.entries.map((x: { subscriptionId: string; lots: number }) => ({ ...x, h: createHmac('sha256', seed).update(x.subscriptionId).digest('hex') }))
      .sort((x: { h: string }, y: { h: string }) => (x.h < y.h ? -1 : 1));
    const won: number[] = order.map(() => 0);
    for (let left = 10, i = 0; left > 0 && order.some((x: { lots: number }, k: number) => won[k]! < x.lots); i = (i + 1) % order.length) {
      if (won[i]! < order[i].lots) [won[i], left] = [won[i]! + 1, left - 1];
    }
    assert.deepEqual(proof.entries.map((x: { lotsWon: number }) => x.lotsWon), won);
    assert.deepEqual(proof.entries.map((x: { place: number }) => x.place), [1, 2, 3]);
    assert.equal(won.find((_, k) => order[k].lots === 2), 2, 'the subscriber asking 2 lots gets both: 3 rounds fit');

    const ledgerBatches = async () => Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ledger_batches`)).rows[0]!.n);
    const batches = await ledgerBatches();
    assert.deepEqual(await runDueSteps(db, time.clock()), { closed: 0, drawn: 0, listed: 0, delivered: 0, expired: 0 });
    assert.equal(await ledgerBatches(), batches, 'a second run moves nothing');

    for (const [user, sub] of [[a, first.data], [b, sb], [c, sc]] as const) {
      const view = await mine(user.token);
      assert.equal(view.id, sub.id);
      assert.equal(view.status, 'completed');
      assert.equal(view.seed, seed);
      assert.equal(view.seedHash, hashBefore);
      const lotsWon = proof.entries.find((x: { subscriptionId: string }) => x.subscriptionId === sub.id).lotsWon;
      assert.equal(view.lotsWon, lotsWon);
      assert.equal(view.cost, String(lotsWon * 10.002 === 0 ? 0 : Number((lotsWon * 10.002).toFixed(3))));
      // paid for what was won; the rest is back; nothing held
      assert.equal(Number(await spot(db, user.uid)), Number((100000 - lotsWon * 10.002).toFixed(3)));
      assert.equal(await heldOf(db, user.uid), '0');
      assert.equal(await sharesOf(db, user.uid, 'AAPL:NASDAQ'), '0', 'shares come at listing');
    }
    time.advance(HOUR);
    assert.equal((await runDueSteps(db, time.clock())).listed, 1);
    for (const [user, sub] of [[a, first.data], [b, sb], [c, sc]] as const) {
      const lotsWon = proof.entries.find((x: { subscriptionId: string }) => x.subscriptionId === sub.id).lotsWon;
      assert.equal(await sharesOf(db, user.uid, 'AAPL:NASDAQ'), String(lotsWon));
    }
    assert.deepEqual(await runDueSteps(db, time.clock()), { closed: 0, drawn: 0, listed: 0, delivered: 0, expired: 0 });
    // every hold: placed once, then closed once (posted for a winner, released otherwise), never both
    const { rows: holds } = await db.query<{ id: string; status: string; moves: string[] }>(
      `SELECT h.id::text AS id, h.status, array(SELECT split_part(b.idempotency_key, ':', 3) FROM ledger_batches b WHERE b.idempotency_key LIKE 'hold:' || h.id || ':%' ORDER BY b.id) AS moves
       FROM holds h WHERE h.reference_kind = 'stock-ipo-subscription' AND h.reference_id = ANY($1) ORDER BY h.id`,
      [[first.data.id, sb.id, sc.id, sd.id, se.id]],
    );
    assert.equal(holds.length, 5);
    for (const h of holds) assert.deepEqual(h.moves, ['place', h.status === 'posted' ? 'post' : 'release'], `hold ${h.id}`);
    assert.deepEqual(holds.map((h) => h.status), ['posted', 'posted', 'posted', 'released', 'released']);
  });

  test('the user takes a subscription back before the draw: hold released once, audited, receipted; not after the window', async () => {
    const ipo = await publish(['AAPL:NASDAQ', '--name', 'Apple', '--price', '10', '--shares', '10', '--lot', '1', '--from', '+0s', '--until', '+1h', '--draw-at', '+2h', '--listing', '+3h']);
    const [u, v, w] = [await investor('1000'), await investor('1000'), await investor('1000')];
    const pending = (await subscribe(u.token, ipo, '5')).data;
    const passed = (await subscribe(v.token, ipo, '3')).data;
    const late = (await subscribe(w.token, ipo, '2')).data;
    await runCommand(['ipo:review', passed.id, 'pass'], ops());
    const cancel = (token: string, subscriptionId: string) => call(app, 'POST', 'stockIpo/cancel', { token, body: { subscriptionId } });
    const mine = async (token: string) => (await call(app, 'GET', 'stockIpo/mySubscriptions', { token })).data.list[0];
    assert.equal((await mine(u.token)).cancellable, true);
    // another user's subscription is not found, an unknown one neither
    assert.equal((await cancel(v.token, pending.id)).reason, 'subscriptionNotFound');
    assert.equal((await cancel(u.token, '999999')).reason, 'subscriptionNotFound');
    assert.equal(await heldOf(db, u.uid), '50.01');

    const taken = await cancel(u.token, pending.id);
    assert.equal(taken.code, 0, taken.msg);
    assert.deepEqual([taken.data.status, taken.data.reason, taken.data.cancellable, !!taken.data.canceledAt], ['canceled', 'userCanceled', false, true]);
    assert.deepEqual([await spot(db, u.uid), await heldOf(db, u.uid)], ['1000', '0']);
    assert.equal((await cancel(u.token, pending.id)).reason, 'subscriptionNotCancellable', 'once');
    assert.equal((await cancel(v.token, passed.id)).code, 0, 'passed, window open: still the user\'s to take back');
    const { rows: audit } = await db.query<{ actor: string; target: string }>(`SELECT actor, target FROM audit_log WHERE action = 'stock-ipo:cancel-subscription' ORDER BY id`);
    assert.deepEqual(audit.map((r) => [r.actor, r.target]), [[`user:${u.uid}`, `stock-ipo-subscription:${pending.id}`], [`user:${v.uid}`, `stock-ipo-subscription:${passed.id}`]]);
    const receipts = (await mine(u.token)).receipts;
    assert.deepEqual(receipts.map((r: { step: string }) => r.step), ['subscribe', 'release']);
    assert.match(receipts[1].hash, /^[0-9a-f]{64}$/);

    // after the window: the draw's turn, no longer the user's
    await runCommand(['ipo:review', late.id, 'pass'], ops());
    time.advance(HOUR);
    await runDueSteps(db, time.clock());
    assert.equal((await mine(w.token)).cancellable, false);
    assert.equal((await cancel(w.token, late.id)).reason, 'subscriptionNotCancellable');
    time.advance(HOUR);
    await runDueSteps(db, time.clock());
    time.advance(HOUR);
    await runDueSteps(db, time.clock());
    // the winner's record: subscribed, allotted, delivered, each a receipt in the chain
    assert.deepEqual((await mine(w.token)).receipts.map((r: { step: string }) => r.step), ['subscribe', 'allot', 'deliver']);
    const { verifyReceipts } = await import('../trading/receipts.js');
    assert.deepEqual((await verifyReceipts(db)).problems, []);
  });

  test('the draw runs as the recurring job, once: a restarted runner finds nothing left to do', async () => {
    const ipo = await publish(['AMZN:NASDAQ', '--name', 'Amazon', '--price', '5', '--shares', '2', '--lot', '1', '--from', '+0s', '--until', '+1h', '--draw-at', '+1h', '--listing', '+2h']);
    const [u, v, w] = [await investor(), await investor(), await investor()];
    for (const x of [u, v, w]) assert.equal((await subscribe(x.token, ipo, '1')).code, 0);
    await runCommand(['ipo:pass-all', ipo], ops());
    time.advance(HOUR + 10_000);
    const first = new JobRunner(db, stockOfferJobs(time.clock), { clock: time.clock, id: 'runner-a' });
    await first.tick(); // writes the recurring schedule: due one interval later
    time.advance(6_000);
    assert.equal(await first.tick(), 1);
    const states = async () => (await db.query<{ status: string; won: number }>(
      'SELECT status, lots_won AS won FROM stock_ipo_subscriptions WHERE ipo_id = $1 ORDER BY id', [ipo])).rows;
    const drawn = await states();
    assert.deepEqual(drawn.map((r) => r.status), ['completed', 'completed', 'completed']);
    assert.equal(drawn.reduce((sum, r) => sum + r.won, 0), 2, 'two lots for three subscribers');
    const batches = (await db.query('SELECT 1 FROM ledger_batches')).rows.length;
    // "after a restart": another runner, the schedule due again
    time.advance(6_000);
    const second = new JobRunner(db, stockOfferJobs(time.clock), { clock: time.clock, id: 'runner-b' });
    assert.equal(await second.tick(), 1);
    assert.deepEqual(await states(), drawn);
    assert.equal((await db.query('SELECT 1 FROM ledger_batches')).rows.length, batches, 'nothing moved twice');
    time.advance(HOUR);
    await runDueSteps(db, time.clock());
  });

  test('the seed cannot be changed once its hash is published, nor stored with another hash', async () => {
    const ipo = await publish(['MSFT:NASDAQ', '--name', 'Microsoft', '--price', '400', '--shares', '100', '--lot', '1', '--from', '+0s', '--until', '+1h', '--draw-at', '+2h', '--listing', '+3h']);
    const other = 'a'.repeat(64);
    await assert.rejects(db.query('UPDATE stock_ipos SET seed = $2 WHERE id = $1', [ipo, other]));
    await assert.rejects(db.query(`UPDATE stock_ipos SET seed = $2, seed_hash = encode(sha256(convert_to($2, 'UTF8')), 'hex') WHERE id = $1`, [ipo, other]));
    await assert.rejects(db.query('DELETE FROM stock_ipos WHERE id = $1', [ipo]));
    await assert.rejects(db.query(
      `INSERT INTO stock_ipos (symbol, name, currency, issue_price, shares_offered, lot_size, subscribe_from, subscribe_until, allocate_at, list_at, seed, seed_hash, created_by, created_at)
       SELECT symbol, name, currency, issue_price, shares_offered, lot_size, subscribe_from, subscribe_until, allocate_at, list_at, $2, seed_hash, 'x', now() FROM stock_ipos WHERE id = $1`,
      [ipo, other],
    ), /check/i);
    await runCommand(['ipo:cancel', ipo, 'test', 'over'], ops());
  });

  test('demo subscriptions are drawn on the demo ledger, apart from real ones', async () => {
    const ipo = await publish(['NVDA:NASDAQ', '--name', 'Nvidia', '--price', '100', '--shares', '1', '--lot', '1', '--from', '+0s', '--until', '+1h', '--draw-at', '+1h', '--listing', '+1h']);
    const u = await registerUser(app, db);
    await fundSpot(db, u.uid, '1000', time.clock(), 'demo');
    const demo = await subscribe(u.token, ipo, '1', rid(), { userType: 'demo' });
    assert.equal(demo.code, 0, demo.msg);
    const real = await investor();
    const r = await subscribe(real.token, ipo, '1');
    await runCommand(['ipo:pass-all', ipo], ops());
    time.advance(HOUR);
    await runDueSteps(db, time.clock());
    const view = (await call(app, 'GET', 'stockIpo/mySubscriptions', { token: u.token, headers: { userType: 'demo' } })).data.list[0];
    assert.deepEqual([view.lotsWon, view.totals.subscribers], [1, 1], 'each mode gets the whole offering');
    assert.equal(await sharesOf(db, u.uid, 'NVDA:NASDAQ', 'demo'), '1');
    assert.equal(await sharesOf(db, real.uid, 'NVDA:NASDAQ'), '1');
    assert.equal(r.data.status, 'pendingReview');
  });
});
