import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Dec } from '../ledger/decimal.js';
import { perpetualHarness, type PerpTrader } from './test-support.js';

// The pre-trade estimate (POST contract/estimate) against what placing the same order then does: the fill price,
// margin, fee and liquidation price before → after it shows are the ones the engine charges and stores, because
// both run on order-plan.ts. BTCUSDT: 2 price decimals, taker 0.1 %, maker 0.08 %.
const h = perpetualHarness();

const estimate = (user: PerpTrader, order: Record<string, string | number>) => {
  const query = new URLSearchParams(Object.entries({ symbol: 'BTCUSDT', type: 'market', leverage: 10, ...order }).map(([k, v]): [string, string] => [k, String(v)]));
  return user.get(`contract/estimate?${query.toString()}`);
};

test('a market long merging into an open position: the estimate is what placing it charges, liquidation before → after included', async () => {
  const user = await h.trader('2000');
  await h.tick({ bid: '49999', ask: '50000', last: '49999.5', asks: [['50000', '0.01'], ['50001', '1']] });
  const first = await user.open({ side: 'long', quantity: '0.01' });
  assert.equal(first.code, 0, first.msg);
  const before = first.data.position;

  const body = { side: 'long', quantity: '0.05', leverage: 20 };
  const shown = await estimate(user, body);
  assert.equal(shown.code, 0, shown.msg);
  const free = await user.available();
  // the estimate held nothing
  assert.deepEqual([shown.data.available, (await user.get('contract/openList')).data.length], [free, 1]);

  const placed = await user.open(body);
  assert.equal(placed.code, 0, placed.msg);
  const { order, position } = placed.data;
  const [, fill] = (await user.get(`contract/detail?positionId=${position.id}`)).data.fills;
  assert.deepEqual(
    [shown.data.fillNow, shown.data.rest, shown.data.margin, shown.data.fee, shown.data.cost],
    [{ quantity: '0.05', price: fill.price }, null, order.margin, order.fee, new Dec(free).minus(await user.available()).toFixed()],
  );
  assert.equal(shown.data.expectedPrice, order.averagePrice);
  assert.deepEqual([shown.data.liquidationBefore, shown.data.liquidationAfter], [before.liquidationPrice, position.liquidationPrice]);
  assert.notEqual(shown.data.liquidationBefore, shown.data.liquidationAfter, 'adding at 20× moves the liquidation price');
  assert.equal(shown.data.enough, true);
});

test('a marketable limit short: the part the book fills now, the rest at its limit, margin and fee as placed', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '50000', ask: '50001', last: '50000.5', bids: [['50000', '0.01'], ['49999', '0.02'], ['49990', '1']] });
  const body = { side: 'short', type: 'limit', price: '49999', quantity: '0.05' };
  const shown = await estimate(user, body);
  assert.equal(shown.code, 0, shown.msg);
  const placed = await user.open(body);
  assert.equal(placed.code, 0, placed.msg);
  const { order, position } = placed.data;
  assert.deepEqual(
    [shown.data.fillNow, shown.data.rest, shown.data.margin, shown.data.fee, shown.data.liquidationAfter],
    [{ quantity: order.doneQuantity, price: order.averagePrice }, { quantity: '0.02', price: '49999' }, order.margin, order.fee, position.liquidationPrice],
  );
  assert.equal(shown.data.liquidationBefore, null);
});

test('cross mode: the estimated liquidation price is the one the account stores once filled; a refusal is the same as placing', async () => {
  const user = await h.trader('1500');
  assert.equal((await user.post('contract/settings', { marginMode: 'cross' })).code, 0);
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const body = { side: 'short', quantity: '0.1', leverage: 20 };
  const shown = await estimate(user, body);
  assert.equal(shown.code, 0, shown.msg);
  const placed = await user.open(body);
  assert.equal(placed.code, 0, placed.msg);
  const stored = (await user.get('contract/openList')).data[0];
  assert.deepEqual([shown.data.margin, shown.data.fee, shown.data.liquidationAfter], [placed.data.order.margin, placed.data.order.fee, stored.liquidationPrice]);

  const [refusedEstimate, refusedOrder] = [await estimate(user, { side: 'long', quantity: '0.1', leverage: 7 }), await user.open({ side: 'long', quantity: '0.1', leverage: 7 })];
  assert.deepEqual([refusedEstimate.reason, refusedEstimate.msg], [refusedOrder.reason, refusedOrder.msg]);
});

test('an estimate above the available balance says not enough, where placing is refused', async () => {
  const user = await h.trader('10');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const shown = await estimate(user, { side: 'long', quantity: '0.1' });
  assert.deepEqual([shown.code, shown.data.enough, shown.data.available], [0, false, '10']);
  assert.equal((await user.open({ side: 'long', quantity: '0.1' })).reason, 'marginAboveAvailable');
});

test('a blank symbol reaching the terms (no schema in front: operator commands, defaults) is missing input, not "Unknown symbol: "', async () => {
  await assert.rejects(h.engine.instruments.current(h.db, '  '), { reason: 'symbolRequired', httpStatus: 400 });
});
