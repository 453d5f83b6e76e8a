import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, manualClock } from '../identity/test-support.js';
import { spotFixture } from '../trading/spot-fixture.js';
import type { ScriptedFeed } from '../trading/test-support.js';

const time = manualClock();
const h = spotFixture(time.clock);
const rid = () => h.rid('cond');

async function holder(btc: string) {
  const user = await h.spotTrader({ btc });
  return {
    ...user,
    place: (body: Record<string, unknown>) =>
      call(h.app, 'POST', 'contract-spot/conditional/create', { token: user.token, body: { requestId: rid(), symbol: 'BTCUSDT', ...body } }),
  };
}

const ticked = (next: Parameters<ScriptedFeed['set']>[1]) => h.ticked('BTCUSDT', next);

/** The ledger batches of a conditional's freeze and release: each exactly once, or none. */
async function holdBatches(id: string) {
  const { rows } = await h.db.query<{ key: string }>(`SELECT idempotency_key AS key FROM ledger_batches WHERE cause_type = 'spot-conditional' AND cause_id = $1 ORDER BY id`, [id]);
  return rows.map((r) => r.key.split(':')[0]);
}

async function triggerStatuses(id: string) {
  const { rows } = await h.db.query<{ ref: string; status: string }>(`SELECT ref, status FROM trading_triggers WHERE owner = 'spot-conditional' AND ref LIKE $1 ORDER BY ref`, [`${id}:%`]);
  return rows.map((r) => `${r.ref.split(':')[1]}=${r.status}`);
}

test('an OCO freezes the holding once; the take-profit fills as a limit sell walking the bids, the stop is cancelled, nothing is released twice', async () => {
  const user = await holder('2');
  h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
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
  assert.equal((await h.db.query(`SELECT 1 FROM spot_orders WHERE request_key LIKE $1`, [`spot-conditional:${oco.id}:%`])).rows.length, 1);
  assert.equal((await user.post('contract-spot/conditional/cancel', { id: oco.id })).reason, 'orderNotCancellable');
  assert.equal((await user.get('contract-spot/conditional/list')).data.total, 0);
  assert.equal((await user.get('contract-spot/conditional/list?open=false')).data.total, 1);
});

test('the stop leg of an OCO fires when the bid falls: stop-limit and stop-market sells, the take-profit cancelled', async () => {
  const user = await holder('2');
  h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
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
  h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const oco = (await user.place({ kind: 'oco', quantity: '0.7', takeProfitPrice: '110', stopPrice: '90' })).data;
  assert.equal(await user.balance('BTC'), '0.3');
  const canceled = await user.post('contract-spot/conditional/cancel', { id: oco.id });
  assert.equal(canceled.code, 0, canceled.msg);
  assert.deepEqual([canceled.data.status, canceled.data.frozen, canceled.data.legs.map((l: { status: string }) => l.status).join()], ['canceled', '0', 'canceled,canceled']);
  assert.deepEqual(await triggerStatuses(oco.id), ['sl=canceled', 'tp=canceled']);
  assert.equal((await user.post('contract-spot/conditional/cancel', { id: oco.id })).reason, 'orderNotCancellable');
  assert.deepEqual(await holdBatches(oco.id), ['spot-conditional-freeze', 'spot-conditional-release']);
  assert.equal(await user.balance('BTC'), '1');
  const legs = await h.db.query<{ id: string }>(`SELECT id::text AS id FROM trading_triggers WHERE ref LIKE $1`, [`${oco.id}:%`]);
  assert.ok(legs.rows.length === 2 && legs.rows.every((r) => !h.engine.triggers.index.has(r.id)), 'both legs left the index');
  await ticked({ bid: '111.00', ask: '111.10' });
  assert.equal((await user.get(`contract-spot/conditional/detail?id=${oco.id}`)).data.order, null);
  const other = await holder('0.1');
  assert.equal((await other.post('contract-spot/conditional/cancel', { id: oco.id })).reason, 'orderNotFound', 'someone else’s');
  assert.equal((await other.get(`contract-spot/conditional/detail?id=${oco.id}`)).reason, 'orderNotFound');
});

test('a TP/SL may hold no more than the available quantity; legs on the wrong side of the bid or missing are refused', async () => {
  const user = await holder('1');
  h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const resting = await call(h.app, 'POST', 'contract-spot/create', { token: user.token, body: { requestId: rid(), symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '105', quantity: '0.6' } });
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
  h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const oco = (await user.place({ kind: 'oco', quantity: '1', takeProfitPrice: '110', stopPrice: '90' })).data;
  await h.app.close();
  await h.start();
  const { rows } = await h.db.query<{ id: string; ref: string }>(`SELECT id::text AS id, ref FROM trading_triggers WHERE ref LIKE $1 ORDER BY ref`, [`${oco.id}:%`]);
  assert.ok(rows.every((r) => h.engine.triggers.index.has(r.id)), 'the index is rebuilt at start');
  // two processes proposing the stop at once: one sell
  h.feed.set('BTCUSDT', { bid: '89.00', ask: '89.10', bids: [['89.00', '5']] });
  const sl = rows.find((r) => r.ref.endsWith(':sl'))!;
  const stored = { id: sl.id, owner: 'spot-conditional', ref: sl.ref, mode: 'real' as const, symbol: 'BTCUSDT', direction: 'lte' as const, watch: 'bid' as const, price: '90' };
  const outcomes = await Promise.all([h.engine.triggers.fire(stored), h.engine.triggers.fire(stored)]);
  assert.deepEqual(outcomes.sort(), ['fired', 'gone']);
  h.feed.emit('BTCUSDT');
  await h.engine.triggers.idle();
  await h.app.close();
  await h.start();
  assert.ok(rows.every((r) => !h.engine.triggers.index.has(r.id)), 'neither leg is pending after the restart');
  const done = (await user.get(`contract-spot/conditional/detail?id=${oco.id}`)).data;
  assert.deepEqual([done.status, done.triggeredLeg, done.order.type, done.order.marketValue, done.order.fills.length], ['triggered', 'sl', 'market', '89', 1]);
  assert.equal((await h.db.query(`SELECT 1 FROM spot_orders WHERE request_key LIKE $1`, [`spot-conditional:${oco.id}:%`])).rows.length, 1);
  assert.equal(await user.balance('USDT'), '88.911');
});

test('a cancel racing a firing leg: one wins, whole — triggered with its sell, or cancelled with the hold released once', async () => {
  for (const leg of ['tp', 'sl'] as const) {
    const user = await holder('1');
    h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
    const oco = (await user.place({ kind: 'oco', quantity: '1', takeProfitPrice: '110', stopPrice: '90' })).data;
    const { rows } = await h.db.query<{ id: string }>(`SELECT id::text AS id FROM trading_triggers WHERE ref = $1`, [`${oco.id}:${leg}`]);
    h.feed.set('BTCUSDT', leg === 'tp' ? { bid: '111.00', ask: '111.10', bids: [['111.00', '5']] } : { bid: '89.00', ask: '89.10', bids: [['89.00', '5']] });
    const stored = {
      id: rows[0]!.id, owner: 'spot-conditional', ref: `${oco.id}:${leg}`, mode: 'real' as const, symbol: 'BTCUSDT',
      direction: leg === 'tp' ? ('gte' as const) : ('lte' as const), watch: 'bid' as const, price: leg === 'tp' ? '110' : '90',
    };
    const [fired, canceled] = await Promise.all([h.engine.triggers.fire(stored), user.post('contract-spot/conditional/cancel', { id: oco.id })]);
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

/** A user with USDT only, placing stop buys. */
async function buyer(usdt: string) {
  const user = await h.spotTrader({ usdt });
  return { ...user, place: (body: Record<string, unknown>) => user.post('contract-spot/conditional/create', { requestId: rid(), symbol: 'BTCUSDT', side: 'buy', kind: 'tpsl', ...body }) };
}

test('a stop buy holds limit × quantity of USDT, survives a restart, fires once when the ask rises to its stop and places the limit buy with the hold', async () => {
  const user = await buyer('1000');
  h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  assert.deepEqual([(await user.place({ quantity: '2', stopPrice: '100.10', stopLimitPrice: '101' })).reason, (await user.place({ quantity: '2', stopPrice: '105', stopLimitPrice: '104' })).reason,
    (await user.place({ quantity: '2', stopPrice: '105' })).reason, (await user.place({ kind: 'oco', quantity: '2', stopPrice: '105', stopLimitPrice: '106', takeProfitPrice: '110' })).reason],
  ['stopNotAboveAsk', 'stopBuyLimitBelowStop', 'stopBuyOnlyStopLimit', 'stopBuyOnlyStopLimit']);
  const placed = await user.place({ quantity: '2', stopPrice: '105', stopLimitPrice: '106' });
  assert.equal(placed.code, 0, placed.msg);
  const stop = placed.data;
  assert.deepEqual([stop.side, stop.status, stop.frozen], ['buy', 'pending', '212']);
  assert.deepEqual(stop.legs.map((l: { leg: string; type: string; triggerPrice: string; price: string | null }) => [l.leg, l.type, l.triggerPrice, l.price]), [['sl', 'stop-limit', '105', '106']]);
  assert.deepEqual([await user.balance('USDT'), await user.balance('USDT', 'frozen')], ['788', '212'], 'the quote is held, not the base');

  await h.app.close();
  await h.start();
  const { rows } = await h.db.query<{ id: string }>(`SELECT id::text AS id FROM trading_triggers WHERE ref = $1`, [`${stop.id}:sl`]);
  assert.ok(h.engine.triggers.index.has(rows[0]!.id), 'the stop is back in the index after a restart');

  await ticked({ bid: '104.80', ask: '104.90' });
  assert.equal((await user.get(`contract-spot/conditional/detail?id=${stop.id}`)).data.status, 'pending', 'the ask is still below the stop');
  await ticked({ bid: '105.40', ask: '105.50', asks: [['105.50', '1'], ['106.00', '5']] });
  await ticked({ bid: '105.40', ask: '105.50', asks: [['105.50', '1'], ['106.00', '5']] });
  const done = (await user.get(`contract-spot/conditional/detail?id=${stop.id}`)).data;
  assert.deepEqual([done.status, done.triggeredLeg, done.frozen], ['triggered', 'sl', '0']);
  // 1 at 105.5 and 1 at 106, both at or below the limit; the taker fee in the BTC received
  assert.deepEqual([done.order.side, done.order.type, done.order.status, done.order.doneQuantity, done.order.marketValue, done.order.fee, done.order.feeAsset],
    ['buy', 'limit', 'completed', '2', '211.5', '0.002', 'BTC']);
  assert.equal((await h.db.query(`SELECT 1 FROM spot_orders WHERE request_key LIKE $1`, [`spot-conditional:${stop.id}:%`])).rows.length, 1, 'fired once');
  assert.deepEqual(await holdBatches(stop.id), ['spot-conditional-freeze'], 'the hold went to the limit buy: no release');
  assert.deepEqual([await user.balance('USDT'), await user.balance('USDT', 'frozen'), await user.balance('BTC')], ['788.5', '0', '1.998'], 'the price improvement came back');
});

test('cancelling a stop buy releases its USDT once; its stop never fires after', async () => {
  const user = await buyer('500');
  h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10' });
  const stop = (await user.place({ quantity: '1', stopPrice: '110', stopLimitPrice: '110.5' })).data;
  assert.equal(await user.balance('USDT', 'frozen'), '110.5');
  assert.equal((await user.post('contract-spot/conditional/cancel', { id: stop.id })).code, 0);
  assert.equal((await user.post('contract-spot/conditional/cancel', { id: stop.id })).reason, 'orderNotCancellable');
  assert.deepEqual([await user.balance('USDT'), await user.balance('USDT', 'frozen')], ['500', '0']);
  assert.deepEqual(await holdBatches(stop.id), ['spot-conditional-freeze', 'spot-conditional-release'], 'released exactly once');
  await ticked({ bid: '111.00', ask: '111.10' });
  assert.equal((await h.db.query(`SELECT 1 FROM spot_orders WHERE request_key LIKE $1`, [`spot-conditional:${stop.id}:%`])).rows.length, 0);
  assert.equal(await user.balance('BTC'), '0');
});
