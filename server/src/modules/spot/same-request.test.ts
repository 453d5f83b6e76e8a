import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { balances, verify } from '../ledger/ledger.js';
import { verifyReceipts } from '../trading/receipts.js';
import { fundSpot, scriptedApp, verifyKyc, type ScriptedFeed } from '../trading/test-support.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let feed: ScriptedFeed;
const time = manualClock();

before(async () => {
  ({ db, cleanup } = await testDb());
  ({ app, feed } = await scriptedApp(db, time.clock));
});
afterEach(async () => {
  assert.deepEqual((await verify(db)).problems, []);
  assert.deepEqual((await verifyReceipts(db)).problems, []);
});
after(async () => {
  await app.close();
  await cleanup();
});

async function trader() {
  const user = await registerUser(app, db);
  await verifyKyc(db, user.uid);
  await fundSpot(db, user.uid, 'USDT', '1000', time.clock());
  const usdt = async () => (await balances(db, user.uid, 'real', 'spot')).find((b) => b.asset === 'USDT')!;
  return { ...user, order: (body: Record<string, unknown>) => call(app, 'POST', 'contract-spot/create', { token: user.token, body }), usdt };
}

test(`a market order sent ${AT_ONCE} times at once fills once and answers each copy alike`, async () => {
  const user = await trader();
  feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const body = { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.1', requestId: 'burst-spot-market-1' };
  await sameRequestAtOnce(() => user.order(body));
  assertReused(await user.order({ ...body, quantity: '0.2' }));
  assert.equal((await user.usdt()).available, '990');
  assert.equal((await db.query('SELECT 1 FROM spot_orders WHERE user_id = $1', [user.uid])).rows.length, 1);
});

test(`a limit order sent ${AT_ONCE} times at once freezes once and answers each copy alike`, async () => {
  const user = await trader();
  feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const body = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '95', quantity: '1', requestId: 'burst-spot-limit-1' };
  await sameRequestAtOnce(() => user.order(body));
  assertReused(await user.order({ ...body, price: '96' }));
  const usdt = await user.usdt();
  assert.deepEqual([usdt.available, usdt.frozen], ['905', '95']);
  assert.equal((await db.query('SELECT 1 FROM spot_orders WHERE user_id = $1', [user.uid])).rows.length, 1);
});
