import assert from 'node:assert/strict';
import { test } from 'node:test';
import { perpetualHarness } from './test-support.js';

// Stop-market, stop-limit and trailing stop orders: each waits as a pending order (margin held) with a trigger in
// the engine's trigger book, fires exactly once, and keeps waiting across a restart (the book is rebuilt from the
// database; a trailing stop's peak too). BTCUSDT: 2 price decimals, taker 0.1 %, maker 0.08 %, 10× here.
const h = perpetualHarness();

const orderOf = async (id: string) =>
  (await h.db.query<{ status: string; child: string | null; held: string; reason: string | null; expired: string }>(
    `SELECT status, child_order_id::text AS child, trim_scale(held)::text AS held, cancel_reason AS reason, trim_scale(expired_quantity)::text AS expired FROM perp_orders WHERE id = $1`,
    [id],
  )).rows[0]!;

test('a stop-market long on the last price fires once when it rises to its trigger, also across a restart, and fills as a market order', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const placed = await user.open({ side: 'long', type: 'stop_market', triggerPrice: '51000', triggerSource: 'last', quantity: '0.1' });
  assert.equal(placed.code, 0, placed.msg);
  const { order } = placed.data;
  assert.deepEqual([order.type, order.status, order.triggerPrice, order.triggerSource], ['stop_market', 'pending', '51000', 'last']);
  // held at the trigger price: margin 510 + taker fee 5.1
  assert.deepEqual([await user.available(), await user.frozen()], ['484.9', '515.1']);
  await h.app.close();
  await h.start();
  await h.tick({ bid: '50499', ask: '50501', last: '50500' });
  assert.equal((await user.get('contract/openList')).data.length, 0, 'not yet');
  await h.tick({ bid: '50999', ask: '51001', last: '51000' });
  await h.tick({ bid: '51099', ask: '51101', last: '51100' });
  const positions = (await user.get('contract/openList')).data;
  assert.equal(positions.length, 1, 'one position: fired once');
  // the market order it became walked the asks: 51,001 × 0.1 = 5,100.1 → margin 510.01, fee 5.1001
  assert.deepEqual([positions[0].entryPrice, positions[0].quantity, positions[0].margin], ['51001', '0.1', '510.01']);
  const stop = await orderOf(order.id);
  assert.deepEqual([stop.status, stop.held], ['completed', '0']);
  assert.equal(positions[0].parentOrderId, stop.child);
  assert.deepEqual([await user.available(), await user.frozen()], ['484.8899', '510.01']);
  assert.equal((await user.get('contract/limitList')).data.length, 0);
});

test('a stop-limit short on the mark becomes a resting limit at its limit price when triggered, which then fills once', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const placed = await user.open({ side: 'short', type: 'stop_limit', triggerPrice: '49500', price: '49400', quantity: '0.1' });
  assert.equal(placed.code, 0, placed.msg);
  await h.app.close();
  await h.start();
  // the mark reaches 49,500 but the bids are below the limit: the limit it became rests
  await h.tick({ bid: '49300', ask: '49700', last: '49500' });
  const pending = (await user.get('contract/limitList')).data;
  assert.deepEqual(pending.map((o: { type: string; price: string }) => [o.type, o.price]), [['limit', '49400']]);
  assert.equal((await orderOf(placed.data.order.id)).child, pending[0].id);
  await h.tick({ bid: '49400', ask: '49402', last: '49401' });
  await h.tick({ bid: '49450', ask: '49452', last: '49451' });
  const positions = (await user.get('contract/openList')).data;
  assert.deepEqual(positions.map((p: { side: string; entryPrice: string; quantity: string }) => [p.side, p.entryPrice, p.quantity]), [['short', '49400', '0.1']]);
  assert.equal((await user.get('contract/limitList')).data.length, 0);
});

test('a reduce-only trailing stop follows the highest price, keeps its peak across a restart, and closes the long once', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const long = (await user.open({ side: 'long', quantity: '0.1' })).data.position;
  const placed = await user.open({ side: 'short', type: 'trailing_stop', callbackRate: '1', triggerSource: 'last', reduceOnly: true, quantity: '0.1' });
  assert.equal(placed.code, 0, placed.msg);
  assert.deepEqual([placed.data.order.triggerPrice, placed.data.order.trailingPeak], ['49500', '50000']);
  await h.tick({ bid: '50999', ask: '51001', last: '51000' });
  await h.tick({ bid: '50799', ask: '50801', last: '50800' });
  const [live] = (await user.get('contract/limitList')).data;
  assert.deepEqual([live.triggerPrice, live.trailingPeak, live.callbackRate], ['50490', '51000', '1']);
  await h.app.close();
  await h.start();
  // a tick above the old trigger (49,500) but below the trailed one fires: the peak survived the restart
  await h.tick({ bid: '50489', ask: '50491', last: '50490' });
  await h.tick({ bid: '50389', ask: '50391', last: '50390' });
  const closed = (await user.get(`contract/detail?positionId=${long.id}`)).data;
  assert.equal(closed.position.status, 'closed');
  assert.deepEqual(closed.fills.map((f: { kind: string; price: string; orderId: string | null }) => [f.kind, f.price, f.orderId]), [['open', '50001', long.parentOrderId], ['close', '50489', placed.data.order.id]]);
  const done = await orderOf(placed.data.order.id);
  assert.equal(done.status, 'completed');
  assert.equal((await user.get('contract/limitList')).data.length, 0);
});

test('a triggered stop the engine cannot place is cancelled once with the reason, its margin back', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  // post-only stop-limit whose limit is above the ask when it triggers: it would take, so it is cancelled
  const placed = await user.open({ side: 'long', type: 'stop_limit', triggerPrice: '51000', triggerSource: 'last', price: '51500', postOnly: true, quantity: '0.1' });
  assert.equal(placed.code, 0, placed.msg);
  await h.tick({ bid: '50999', ask: '51001', last: '51000' });
  await h.tick({ bid: '51099', ask: '51101', last: '51100' });
  const stop = await orderOf(placed.data.order.id);
  assert.deepEqual([stop.status, stop.reason, stop.held], ['canceled', 'postOnlyWouldTake', '0']);
  assert.deepEqual([await user.available(), await user.frozen()], ['1000', '0']);
});

test('a cancelled stop returns its margin and never fires', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const placed = await user.open({ side: 'short', type: 'stop_market', triggerPrice: '49000', quantity: '0.1' });
  const canceled = await user.post('contract/cancelPosition', { orderId: placed.data.order.id });
  assert.equal(canceled.data.status, 'canceled');
  await h.tick({ bid: '48999', ask: '49001', last: '49000' });
  assert.equal((await user.get('contract/openList')).data.length, 0);
  assert.deepEqual([await user.available(), await user.frozen()], ['1000', '0']);
});

test('stop and trailing orders refuse a trigger at the current price and a callback out of range', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  assert.equal((await user.open({ side: 'long', type: 'stop_market', triggerPrice: '50000', quantity: '0.1' })).reason, 'triggerAtCurrentPrice');
  assert.equal((await user.open({ side: 'long', type: 'stop_market', quantity: '0.1' })).reason, 'triggerPriceRequired');
  assert.equal((await user.open({ side: 'long', type: 'trailing_stop', callbackRate: '11', quantity: '0.1' })).reason, 'callbackRateOutOfRange');
  assert.equal((await user.open({ side: 'long', type: 'trailing_stop', callbackRate: '0.05', quantity: '0.1' })).reason, 'callbackRateOutOfRange');
  assert.equal((await user.open({ side: 'long', type: 'stop_limit', triggerPrice: '51000', quantity: '0.1' })).reason, 'invalidPrice');
  assert.deepEqual([await user.available(), await user.frozen()], ['1000', '0']);
});

test('a trailing stop that opens a long follows the lowest mark up by its callback and fires once, holding its margin until then', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const placed = await user.open({ side: 'long', type: 'trailing_stop', callbackRate: '2', quantity: '0.1' });
  assert.equal(placed.code, 0, placed.msg);
  // held at the price now: margin 500 + taker fee 5; the trigger 2 % above the mark: 51,000
  assert.deepEqual([placed.data.order.triggerPrice, await user.frozen()], ['51000', '505']);
  await h.tick({ bid: '48999', ask: '49001', last: '49000' });
  assert.equal((await user.get('contract/limitList')).data[0].triggerPrice, '49980');
  await h.tick({ bid: '49899', ask: '49901', last: '49900' });
  assert.equal((await user.get('contract/openList')).data.length, 0, 'below the trailed trigger: waits');
  await h.tick({ bid: '49979', ask: '49981', last: '49980' });
  await h.tick({ bid: '50099', ask: '50101', last: '50100' });
  const positions = (await user.get('contract/openList')).data;
  assert.deepEqual(positions.map((p: { entryPrice: string; quantity: string }) => [p.entryPrice, p.quantity]), [['49981', '0.1']]);
  // what it held came back; the market order it became holds its own: margin 499.81, fee 4.9981 charged
  assert.deepEqual([await user.available(), await user.frozen()], ['495.1919', '499.81']);
});
