import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { runCommand } from '../../ops/all-commands.js';
import { testApp } from '../../testing/app.js';
import { testDb, type TestStore } from '../../testing/test-db.js';
import { assertReused, sameRequestAtOnce } from '../../testing/same-request.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { available, PLATFORM, verify } from '../ledger/ledger.js';
import { runDueSteps } from './jobs.js';
import { fundSpot, heldOf, opsContext, sharesOf, spot } from './offers-support.js';

const HOUR = 3_600_000;
let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock(Date.parse('2026-03-02T15:00:00Z'));
const ops = () => opsContext(db, time.clock);
let n = 0;
const rid = () => `block-req-${(n += 1)}-${Math.random().toString(36).slice(2, 8)}`;

before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR }, { db, clock: time.clock, jobs: false });
  await runCommand(['stock:rate', 'USD', '1'], ops());
});
afterEach(async () => assert.deepEqual((await verify(db)).problems, []));
after(async () => {
  await app.close();
  await cleanup();
});

async function investor(usdt = '10000') {
  const user = await registerUser(app, db);
  await fundSpot(db, user.uid, usdt, time.clock());
  return user;
}

async function offer(): Promise<string> {
  const context = ops();
  await runCommand(['block:publish', 'AAPL:NASDAQ', '--name', 'Apple', '--price', '150.25', '--min', '10', '--max', '100', '--from', '+0s', '--until', '+1h'], context);
  return /^Block offer (\d+)/.exec(context.lines[0]!)![1]!;
}

// the spec's way: a block subscription is a buy with the block flag
const subscribe = (token: string, blockOfferId: string, quantity: string, requestId = rid()) =>
  call(app, 'POST', 'userStock/buy', { token, body: { block: true, blockOfferId, quantity, requestId } });
const history = async (token: string) => (await call(app, 'GET', 'stock-allotment/listByUser', { token })).data.list;
const broker = () => available(db, { holder: PLATFORM, mode: 'real', wallet: 'broker', asset: 'USDT' });

describe('block trades', () => {
  test('approve: the hold is paid to the broker and the shares delivered at the block price', async () => {
    const id = await offer();
    const offers = (await call(app, 'GET', 'stock-block/offers')).data;
    assert.deepEqual(offers.find((o: { id: string }) => o.id === id).open, true);
    const u = await investor();
    const requestId = rid();
    const first = await sameRequestAtOnce(() => subscribe(u.token, id, '20', requestId));
    assertReused(await subscribe(u.token, id, '21', requestId));
    assert.deepEqual([first.data.status, first.data.amount], ['pendingReview', '3005']);
    assert.deepEqual([await spot(db, u.uid), await heldOf(db, u.uid)], ['6995', '3005']);
    const brokerBefore = await broker();
    await runCommand(['block:approve', first.data.id], ops());
    assert.equal((await history(u.token))[0].status, 'approved');
    assert.equal(Number(await broker()) - Number(brokerBefore), 3005);
    assert.equal((await runDueSteps(db, time.clock())).delivered, 1);
    const [done] = await history(u.token);
    assert.equal(done.status, 'completed');
    assert.ok(done.approvedAt && done.completedAt);
    assert.deepEqual([await spot(db, u.uid), await heldOf(db, u.uid), await sharesOf(db, u.uid, 'AAPL:NASDAQ')], ['6995', '0', '20']);
    const { rows } = await db.query<{ shares: string; cost: string }>(
      `SELECT shares::text AS shares, cost_local::text AS cost FROM stock_positions WHERE user_id = $1 AND symbol = 'AAPL:NASDAQ'`, [u.uid]);
    assert.deepEqual(rows.map((r) => [Number(r.shares), Number(r.cost)]), [[20, 3005]], 'a position at the block price');
    await assert.rejects(runCommand(['block:reject', first.data.id, 'late'], ops()), /not pending/);
    assert.deepEqual(await runDueSteps(db, time.clock()), { closed: 0, drawn: 0, listed: 0, delivered: 0, expired: 0 });
    // each money step is a receipt in the platform's chain, shown on the record
    assert.deepEqual((await history(u.token))[0].receipts.map((r: { step: string }) => r.step), ['subscribe', 'approve', 'deliver']);
    const { verifyReceipts } = await import('../trading/receipts.js');
    assert.deepEqual((await verifyReceipts(db)).problems, []);
  });

  test('reject releases the funds once; an undecided subscription expires with the window and is released', async () => {
    const id = await offer();
    const [u, v] = [await investor(), await investor()];
    const r = (await subscribe(u.token, id, '10')).data;
    const x = (await subscribe(v.token, id, '50')).data;
    await runCommand(['block:reject', r.id, 'allocation', 'full'], ops());
    await assert.rejects(runCommand(['block:approve', r.id], ops()), /not pending/);
    assert.deepEqual([(await history(u.token))[0].status, (await history(u.token))[0].reason, await spot(db, u.uid)], ['rejected', 'allocation full', '10000']);
    time.advance(HOUR);
    assert.equal((await runDueSteps(db, time.clock())).expired, 1);
    assert.deepEqual([(await history(v.token))[0].status, await spot(db, v.uid), await heldOf(db, v.uid)], ['expired', '10000', '0']);
    assert.deepEqual((await history(u.token))[0].receipts.map((r: { step: string }) => r.step), ['subscribe', 'release']);
    assert.deepEqual((await history(v.token))[0].receipts.map((r: { step: string }) => r.step), ['subscribe', 'release']);
    assert.equal((await runDueSteps(db, time.clock())).expired, 0);
    assert.equal((await subscribe(v.token, id, '10')).reason, 'subscriptionClosed');
    assert.equal(x.status, 'pendingReview');
  });

  test('refusals: unknown offer, below the minimum, above the maximum, not whole shares, above 1e17 or the balance', async () => {
    const id = await offer();
    const u = await investor('1000');
    assert.equal((await subscribe(u.token, '99999', '10')).reason, 'offerNotFound');
    assert.equal((await subscribe(u.token, id, '9')).reason, 'quantityBelowMinimum');
    assert.equal((await subscribe(u.token, id, '101')).reason, 'quantityAboveMaximum');
    assert.equal((await subscribe(u.token, id, '10.5')).reason, 'invalidSize');
    assert.equal((await subscribe(u.token, id, '100000000000000001')).reason, 'offerAmountTooLarge');
    assert.equal((await subscribe(u.token, id, '10')).reason, 'insufficientBalance');
    // a block body is judged as a block body: a missing quantity names that field, an order field is not taken
    const missing = await call(app, 'POST', 'userStock/buy', { token: u.token, body: { block: true, blockOfferId: id, requestId: rid() } });
    assert.deepEqual([missing.reason, missing.msg], ['fieldRequired', 'quantity is required']);
    const mixed = await call(app, 'POST', 'userStock/buy', { token: u.token, body: { block: true, blockOfferId: id, quantity: '10', symbol: 'AAPL:NASDAQ', requestId: rid() } });
    assert.equal(mixed.code === 0, false);
    // the old path is gone: one way to subscribe
    const gone = await app.inject({ method: 'POST', url: '/asset/api/userStock/buyBlock', headers: { token: u.token }, payload: { blockOfferId: id, quantity: '10', requestId: rid() } });
    assert.equal(gone.statusCode, 404);
    assert.deepEqual([await spot(db, u.uid), (await history(u.token)).length], ['1000', 0]);
    time.advance(HOUR);
    await runDueSteps(db, time.clock());
  });
});
