import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { manualClock, registerUser } from '../identity/test-support.js';
import { PLATFORM, post } from '../ledger/ledger.js';
import { fundSpot, scriptedModules, verifyKyc, type ScriptedFeed } from './test-support.js';

// Per-user order limits, counted in the database: at most ORDER_RATE_PER_MINUTE orders a minute (429 tooManyOrders)
// and OPEN_ORDERS_MAX resting limit orders at once, spot and perpetual together (openOrdersLimit).

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let feed: ScriptedFeed;
const time = manualClock();

before(async () => {
  ({ db, cleanup } = await testDb());
  const scripted = scriptedModules();
  app = await testApp({ loginSlowdownMs: 0, orderLimits: { perMinute: 5, maxOpen: 3 } }, { db, clock: time.clock, modules: scripted.modules, jobs: false });
  feed = scripted.feed();
  feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
});
after(async () => {
  await app.close();
  await cleanup();
});

let requests = 0;
const rid = () => `limits-${++requests}-${Math.random().toString(36).slice(2, 10)}`;

async function trader() {
  const user = await registerUser(app, db);
  await verifyKyc(db, user.uid);
  await fundSpot(db, user.uid, 'USDT', '10000', time.clock());
  await fundSpot(db, user.uid, 'BTC', '1', time.clock());
  await post(db, { key: `limits-fund:${user.uid}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: user.uid, mode: 'real', wallet: 'contract', asset: 'USDT' }, amount: '10000' },
  ] }, time.clock());
  const send = async (url: string, body: Record<string, unknown>, withRequestId = true) => {
    const payload = withRequestId ? { requestId: rid(), ...body } : body;
    const response = await app.inject({ method: 'POST', url: `/asset/api/${url}`, headers: { token: user.token }, payload });
    return { status: response.statusCode, retryAfter: response.headers['retry-after'], ...(response.json() as { code: number; msg: string; reason?: string; params?: Record<string, unknown>; data: { id: string } }) };
  };
  return {
    ...user,
    spotLimit: (price = '90') => send('contract-spot/create', { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price, quantity: '0.1' }),
    spotMarket: () => send('contract-spot/create', { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' }),
    perpLimit: () => send('contract/openPosition', { symbol: 'BTCUSDT', side: 'long', type: 'limit', price: '90', quantity: '0.01', leverage: 10 }),
    cancel: (orderId: string) => send('contract-spot/delete', { orderId }, false),
    spotStopLoss: (stopPrice = '80') => send('contract-spot/conditional/create', { symbol: 'BTCUSDT', kind: 'tpsl', quantity: '0.1', stopPrice }),
    cancelConditional: (id: string) => send('contract-spot/conditional/cancel', { id }, false),
  };
}

test('orders over the per-minute rate answer 429 tooManyOrders until the next minute; other users are not affected', async () => {
  time.advance(60_000 - (time.clock().getTime() % 60_000)); // the start of a minute
  const user = await trader();
  const burst = await Promise.all(Array.from({ length: 8 }, () => user.spotMarket()));
  assert.deepEqual(burst.map((r) => r.code).sort(), [0, 0, 0, 0, 0, 429, 429, 429]);
  const refused = burst.find((r) => r.code === 429)!;
  assert.deepEqual([refused.status, refused.reason, refused.msg, refused.params], [429, 'tooManyOrders', 'Too many orders, please wait 60 seconds', { seconds: 60 }]);
  assert.equal(refused.retryAfter, undefined); // the wait is in the message and params, as the app shows it
  assert.equal((await user.perpLimit()).reason, 'tooManyOrders', 'every kind of order shares the allowance');
  assert.equal((await (await trader()).spotMarket()).code, 0, 'another user');
  time.advance(60_000);
  assert.equal((await user.spotMarket()).code, 0, 'the next minute');
});

test('resting orders are capped per user, spot and perpetual together; a cancel makes room; market orders are not capped', async () => {
  time.advance(60_000);
  const user = await trader();
  const first = await user.spotLimit('90');
  assert.equal(first.code, 0, first.msg);
  assert.equal((await user.spotLimit('91')).code, 0);
  assert.equal((await user.perpLimit()).code, 0);
  time.advance(60_000); // a fresh rate window: only the cap speaks below
  const over = await user.spotLimit('92');
  assert.deepEqual([over.reason, over.msg], ['openOrdersLimit', 'You can have at most 3 open orders; cancel one first']);
  assert.equal((await user.perpLimit()).reason, 'openOrdersLimit');
  assert.equal((await user.spotMarket()).code, 0, 'a market order rests nowhere');
  assert.equal((await user.cancel(first.data.id)).code, 0);
  time.advance(60_000);
  assert.equal((await user.spotLimit('93')).code, 0, 'room again after a cancel');
});

test('pending spot TP/SL and OCO groups count toward the cap with the limit orders; cancelling one makes room', async () => {
  time.advance(60_000);
  const user = await trader();
  const group = await user.spotStopLoss('80');
  assert.equal(group.code, 0, group.msg);
  assert.equal((await user.spotLimit('90')).code, 0);
  assert.equal((await user.spotStopLoss('81')).code, 0);
  time.advance(60_000);
  const over = await user.spotLimit('91');
  assert.deepEqual([over.reason, over.msg], ['openOrdersLimit', 'You can have at most 3 open orders; cancel one first'], 'two groups and a limit order make three');
  assert.equal((await user.spotStopLoss('82')).reason, 'openOrdersLimit', 'a group is capped like an order');
  assert.equal((await user.perpLimit()).reason, 'openOrdersLimit');
  assert.equal((await user.cancelConditional(group.data.id)).code, 0);
  time.advance(60_000);
  assert.equal((await user.spotLimit('92')).code, 0, 'room again after the group is cancelled');
});
