import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { balances, verify } from '../ledger/ledger.js';
import type { TradingEngine } from '../trading/engine.js';
import { verifyReceipts } from '../trading/receipts.js';
import { fundSpot, scriptedApp, verifyKyc, type ScriptedFeed } from '../trading/test-support.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let feed: ScriptedFeed;
let engine: TradingEngine;
const time = manualClock();

before(async () => {
  ({ db, cleanup } = await testDb());
  ({ app, feed, engine } = await scriptedApp(db, time.clock));
});
afterEach(async () => {
  assert.deepEqual((await verify(db)).problems, [], 'the ledger balances after every scenario');
  assert.deepEqual((await verifyReceipts(db)).problems, [], 'the receipt chain verifies after every scenario');
});
after(async () => {
  await app.close();
  await cleanup();
});

let requests = 0;
const rid = () => `cond-${++requests}-${Math.random().toString(36).slice(2, 10)}`;

async function holder(btc: string) {
  const user = await registerUser(app, db);
  await verifyKyc(db, user.uid);
  await fundSpot(db, user.uid, 'BTC', btc, time.clock());
  return {
    ...user,
    place: (body: Record<string, unknown>) =>
      call(app, 'POST', 'contract-spot/conditional/create', { token: user.token, body: { requestId: rid(), symbol: 'BTCUSDT', ...body } }),
    get: (url: string) => call(app, 'GET', url, { token: user.token }),
    post: (url: string, body: unknown) => call(app, 'POST', url, { token: user.token, body }),
    balance: async (asset: string, part: 'available' | 'frozen' = 'available') => {
      const row = (await balances(db, user.uid, 'real', 'spot')).find((b) => b.asset === asset);
      return row ? row[part] : '0';
    },
  };
}

async function ticked(next: Parameters<ScriptedFeed['set']>[1]) {
  feed.set('BTCUSDT', next);
  feed.emit('BTCUSDT');
  await engine.triggers.idle();
}

/** The ledger batches of a conditional's freeze and release: each exactly once, or none. */
async function holdBatches(id: string) {
  const { rows } = await db.query<{ key: string }>(`SELECT idempotency_key AS key FROM ledger_batches WHERE cause_type = 'spot-conditional' AND cause_id = $1 ORDER BY id`, [id]);
  return rows.map((r) => r.key.split(':')[0]);
}

async function triggerStatuses(id: string) {
  const { rows } = await db.query<{ ref: string; status: string }>(`SELECT ref, status FROM trading_triggers WHERE owner = 'spot-conditional' AND ref LIKE $1 ORDER BY ref`, [`${id}:%`]);
  return rows.map((r) => `${r.ref.split(':')[1]}=${r.status}`);
}

test('an OCO freezes the holding once; the take-profit fills as a limit sell walking the bids, the stop is cancelled, nothing is released twice', async () => {
  const user = await holder('2');
  feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const placed = await user.place({ kind: 'oco', quantity: '1', takeProfitPrice: '110', stopPrice: '90', stopLimitPrice: '89.5' });
  assert.equal(placed.code, 0, placed.msg);
  const oco = placed.data;
  assert.deepEqual([oco.status, oco.frozen], ['pending', '1']);
  assert.deepEqual(oco.legs.map((l: { leg: string; type: string; triggerPrice: string; price: string | null; status: string }) => [l.leg, l.type, l.triggerPrice, l.price, l.status]), [
    ['tp', 'limit', '110', '110', 'pending'],
    ['sl', 'stop-limit', '90', '89.5', 'pending'],
  ]);
  assert.equal(await user.balance('BTC'), '1', 'one freeze for both legs');
  assert.equal(await user.balance('BTC', 'frozen'), '1');
  assert.equal((await user.get('contract-spot/conditional/list')).data.total, 1);

  await ticked({ bid: '105.00', ask: '105.10' });
  assert.equal((await user.get(`contract-spot/conditional/detail?id=${oco.id}`)).data.status, 'pending', 'not crossed: still waiting');

  // the bid reaches 110: 0.4 at 110.5 and 0.6 at 110 (both at or above the limit) = 110.2; maker fee 0.0008
  await ticked({ bid: '110.50', ask: '110.60', bids: [['110.50', '0.4'], ['110.00', '3'], ['109.00', '5']] });
  await ticked({ bid: '110.50', ask: '110.60', bids: [['110.50', '0.4'], ['110.00', '3']] });
  const done = (await user.get(`contract-spot/conditional/detail?id=${oco.id}`)).data;
  assert.deepEqual([done.status, done.triggeredLeg, done.frozen], ['triggered', 'tp', '0']);
  assert.deepEqual(done.legs.map((l: { status: string }) => l.status), ['triggered', 'canceled']);
  assert.deepEqual([done.order.side, done.order.type, done.order.status, done.order.doneQuantity, done.order.marketValue, done.order.fee], ['sell', 'limit', 'completed', '1', '110.2', '0.08816']);
  assert.deepEqual(done.order.fills.map((f: { price: string; liquidity: string }) => [f.price, f.liquidity]), [['110.5', 'maker'], ['110', 'maker']]);
  assert.equal(done.order.fills[0].evidence.bid, '110.5');
  assert.deepEqual(await triggerStatuses(oco.id), ['sl=canceled', 'tp=fired']);
  assert.deepEqual(await holdBatches(oco.id), ['spot-conditional-freeze'], 'the hold went to the leg’s order: no release');
  assert.equal(await user.balance('BTC'), '1');
  assert.equal(await user.balance('BTC', 'frozen'), '0');
  assert.equal(await user.balance('USDT'), '110.11184');

  // the stop's price comes later: the cancelled leg never fires, the finished OCO cannot be cancelled
  await ticked({ bid: '85.00', ask: '85.10' });
  assert.equal((await db.query(`SELECT 1 FROM spot_orders WHERE request_key LIKE $1`, [`spot-conditional:${oco.id}:%`])).rows.length, 1);
  assert.equal((await user.post('contract-spot/conditional/cancel', { id: oco.id })).reason, 'orderNotCancellable');
  assert.equal((await user.get('contract-spot/conditional/list')).data.total, 0);
  assert.equal((await user.get('contract-spot/conditional/list?open=false')).data.total, 1);
});

test('the stop leg of an OCO fires when the bid falls: stop-limit and stop-market sells, the take-profit cancelled', async () => {
  const user = await holder('2');
  feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const limit = (await user.place({ kind: 'oco', quantity: '0.5', takeProfitPrice: '120', stopPrice: '95', stopLimitPrice: '94' })).data;
  const market = (await user.place({ kind: 'tpsl', quantity: '0.5', stopPrice: '96' })).data;
  assert.deepEqual(market.legs.map((l: { leg: string; type: string; price: string | null }) => [l.leg, l.type, l.price]), [['sl', 'stop-market', null]]);
  assert.equal(await user.balance('BTC'), '1');

  // 95.5 crosses the market stop (96) only; it sells 0.5 walking the bids as taker
  await ticked({ bid: '95.50', ask: '95.60', bids: [['95.50', '0.2'], ['95.00', '1']] });
  const sold = (await user.get(`contract-spot/conditional/detail?id=${market.id}`)).data;
  assert.deepEqual([sold.status, sold.order.type, sold.order.status, sold.order.marketValue], ['triggered', 'market', 'completed', '47.6']);
  assert.deepEqual(sold.order.fills.map((f: { price: string; liquidity: string }) => [f.price, f.liquidity]), [['95.5', 'taker'], ['95', 'taker']]);
  assert.deepEqual(await holdBatches(market.id), ['spot-conditional-freeze', 'spot-conditional-release'], 'a market sell takes from available: released once');
  assert.equal((await user.get(`contract-spot/conditional/detail?id=${limit.id}`)).data.status, 'pending');

  // 94.8 crosses the OCO's stop: a sell at 94 or better takes 0.3 at 94.8 now and rests 0.2 on the spot trigger
  await ticked({ bid: '94.80', ask: '94.90', bids: [['94.80', '0.3'], ['93.00', '5']] });
  const stopped = (await user.get(`contract-spot/conditional/detail?id=${limit.id}`)).data;
  assert.deepEqual([stopped.status, stopped.triggeredLeg, stopped.legs.map((l: { status: string }) => l.status).join()], ['triggered', 'sl', 'canceled,triggered']);
  assert.deepEqual([stopped.order.type, stopped.order.price, stopped.order.status, stopped.order.doneQuantity, stopped.order.frozen], ['limit', '94', 'pending', '0.3', '0.2']);
  assert.equal(stopped.order.fills[0].liquidity, 'taker');
  assert.deepEqual(await triggerStatuses(limit.id), ['sl=fired', 'tp=canceled']);
  assert.equal(await user.balance('BTC', 'frozen'), '0.2', 'the rest of the hold is the resting order’s');
  // the rest is an ordinary spot limit order: cancelling it releases its 0.2
  assert.equal((await user.post('contract-spot/delete', { orderId: stopped.order.id })).code, 0);
  assert.equal(await user.balance('BTC', 'frozen'), '0');
  assert.equal(await user.balance('BTC'), '1.2');
});

test('cancelling an OCO cancels both legs and returns the hold once', async () => {
  const user = await holder('1');
  feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const oco = (await user.place({ kind: 'oco', quantity: '0.7', takeProfitPrice: '110', stopPrice: '90' })).data;
  assert.equal(await user.balance('BTC'), '0.3');
  const canceled = await user.post('contract-spot/conditional/cancel', { id: oco.id });
  assert.equal(canceled.code, 0, canceled.msg);
  assert.deepEqual([canceled.data.status, canceled.data.frozen, canceled.data.legs.map((l: { status: string }) => l.status).join()], ['canceled', '0', 'canceled,canceled']);
  assert.deepEqual(await triggerStatuses(oco.id), ['sl=canceled', 'tp=canceled']);
  assert.equal((await user.post('contract-spot/conditional/cancel', { id: oco.id })).reason, 'orderNotCancellable');
  assert.deepEqual(await holdBatches(oco.id), ['spot-conditional-freeze', 'spot-conditional-release']);
  assert.equal(await user.balance('BTC'), '1');
  const legs = await db.query<{ id: string }>(`SELECT id::text AS id FROM trading_triggers WHERE ref LIKE $1`, [`${oco.id}:%`]);
  assert.ok(legs.rows.length === 2 && legs.rows.every((r) => !engine.triggers.index.has(r.id)), 'both legs left the index');
  await ticked({ bid: '111.00', ask: '111.10' });
  assert.equal((await user.get(`contract-spot/conditional/detail?id=${oco.id}`)).data.order, null);
  const other = await holder('0.1');
  assert.equal((await other.post('contract-spot/conditional/cancel', { id: oco.id })).reason, 'orderNotFound', 'someone else’s');
  assert.equal((await other.get(`contract-spot/conditional/detail?id=${oco.id}`)).reason, 'orderNotFound');
});

test('a TP/SL may hold no more than the available quantity; legs on the wrong side of the bid or missing are refused', async () => {
  const user = await holder('1');
  feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const resting = await call(app, 'POST', 'contract-spot/create', { token: user.token, body: { requestId: rid(), symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '105', quantity: '0.6' } });
  assert.equal(resting.code, 0, resting.msg);
  assert.equal((await user.place({ kind: 'tpsl', quantity: '0.5', takeProfitPrice: '110' })).reason, 'insufficientBalance', '0.4 is available');
  assert.equal((await user.place({ kind: 'tpsl', quantity: '0.4', takeProfitPrice: '110' })).code, 0);
  assert.equal((await user.place({ kind: 'tpsl', quantity: '0.00001', stopPrice: '90' })).reason, 'insufficientBalance', 'the first took the rest');
  assert.equal(await user.balance('BTC'), '0');
  const refusals = await Promise.all([
    user.place({ kind: 'oco', quantity: '0.1', takeProfitPrice: '110' }),
    user.place({ kind: 'tpsl', quantity: '0.1' }),
    user.place({ kind: 'tpsl', quantity: '0.1', stopLimitPrice: '80' }),
    user.place({ kind: 'tpsl', quantity: '0.1', takeProfitPrice: '100' }),
    user.place({ kind: 'tpsl', quantity: '0.1', stopPrice: '100' }),
    user.place({ kind: 'tpsl', quantity: '0.1', stopPrice: '90', stopLimitPrice: '91' }),
  ]);
  assert.deepEqual(refusals.map((r) => r.reason), [
    'conditionalLegsMissing', 'conditionalLegsMissing', 'conditionalLegsMissing', 'takeProfitNotAboveBid', 'stopNotBelowBid', 'stopLimitAboveStop',
  ]);
  assert.equal(refusals[3]!.params!.bid, '100.00');
});

test('a conditional leg fires exactly once across a restart: both legs are rebuilt into the index from the database', async () => {
  const user = await holder('1');
  feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const oco = (await user.place({ kind: 'oco', quantity: '1', takeProfitPrice: '110', stopPrice: '90' })).data;
  await app.close();
  ({ app, feed, engine } = await scriptedApp(db, time.clock));
  const { rows } = await db.query<{ id: string; ref: string }>(`SELECT id::text AS id, ref FROM trading_triggers WHERE ref LIKE $1 ORDER BY ref`, [`${oco.id}:%`]);
  assert.ok(rows.every((r) => engine.triggers.index.has(r.id)), 'the index is rebuilt at start');
  // two processes proposing the stop at once: one sell
  feed.set('BTCUSDT', { bid: '89.00', ask: '89.10', bids: [['89.00', '5']] });
  const sl = rows.find((r) => r.ref.endsWith(':sl'))!;
  const stored = { id: sl.id, owner: 'spot-conditional', ref: sl.ref, mode: 'real' as const, symbol: 'BTCUSDT', direction: 'lte' as const, watch: 'bid' as const, price: '90' };
  const outcomes = await Promise.all([engine.triggers.fire(stored), engine.triggers.fire(stored)]);
  assert.deepEqual(outcomes.sort(), ['fired', 'gone']);
  feed.emit('BTCUSDT');
  await engine.triggers.idle();
  await app.close();
  ({ app, feed, engine } = await scriptedApp(db, time.clock));
  assert.ok(rows.every((r) => !engine.triggers.index.has(r.id)), 'neither leg is pending after the restart');
  const done = (await user.get(`contract-spot/conditional/detail?id=${oco.id}`)).data;
  assert.deepEqual([done.status, done.triggeredLeg, done.order.type, done.order.marketValue, done.order.fills.length], ['triggered', 'sl', 'market', '89', 1]);
  assert.equal((await db.query(`SELECT 1 FROM spot_orders WHERE request_key LIKE $1`, [`spot-conditional:${oco.id}:%`])).rows.length, 1);
  assert.equal(await user.balance('USDT'), '88.911');
});

test('a cancel racing a firing leg: one wins, whole — triggered with its sell, or cancelled with the hold released once', async () => {
  for (const leg of ['tp', 'sl'] as const) {
    const user = await holder('1');
    feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
    const oco = (await user.place({ kind: 'oco', quantity: '1', takeProfitPrice: '110', stopPrice: '90' })).data;
    const { rows } = await db.query<{ id: string }>(`SELECT id::text AS id FROM trading_triggers WHERE ref = $1`, [`${oco.id}:${leg}`]);
    feed.set('BTCUSDT', leg === 'tp' ? { bid: '111.00', ask: '111.10', bids: [['111.00', '5']] } : { bid: '89.00', ask: '89.10', bids: [['89.00', '5']] });
    const stored = {
      id: rows[0]!.id, owner: 'spot-conditional', ref: `${oco.id}:${leg}`, mode: 'real' as const, symbol: 'BTCUSDT',
      direction: leg === 'tp' ? ('gte' as const) : ('lte' as const), watch: 'bid' as const, price: leg === 'tp' ? '110' : '90',
    };
    const [fired, canceled] = await Promise.all([engine.triggers.fire(stored), user.post('contract-spot/conditional/cancel', { id: oco.id })]);
    const done = (await user.get(`contract-spot/conditional/detail?id=${oco.id}`)).data;
    if (done.status === 'canceled') {
      assert.deepEqual([fired, canceled.code, done.order], ['gone', 0, null]);
      assert.deepEqual(await holdBatches(oco.id), ['spot-conditional-freeze', 'spot-conditional-release']);
      assert.equal(await user.balance('BTC'), '1');
    } else {
      assert.deepEqual([fired, canceled.reason, done.status, done.triggeredLeg, done.order.status], ['fired', 'orderNotCancellable', 'triggered', leg, 'completed']);
      assert.equal(await user.balance('BTC'), '0');
    }
    assert.equal(await user.balance('BTC', 'frozen'), '0');
  }
});
