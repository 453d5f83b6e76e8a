import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Dec } from '../ledger/decimal.js';
import { perpetualHarness, rid } from './test-support.js';

// Orders that could only hurt the user are refused before anything moves: a limit price far from the mark (the price
// band, 10 % by default) and a stop-loss past the liquidation price (it could never fire). BTCUSDT, 10× here.
const h = perpetualHarness();

test('a limit price outside the band around the mark is refused naming the allowed range; nothing moves', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  for (const [side, price] of [['long', '55000.01'], ['long', '44999.99'], ['short', '55000.01'], ['short', '44999.99']] as const) {
    const refused = await user.open({ side, type: 'limit', price, quantity: '0.01' });
    assert.equal(refused.reason, 'limitPriceOutOfBand', `${side} at ${price}`);
    // 50,000 × (1 ∓ 0.1)
    assert.match(refused.msg, /45000 .*55000 .*10%.*50000/);
  }
  assert.deepEqual([await user.available(), await user.frozen()], ['1000', '0']);
  assert.equal((await user.get('contract/limitList')).data.length, 0);
  // the band's ends are allowed
  assert.equal((await user.open({ side: 'long', type: 'limit', price: '45000', quantity: '0.01' })).code, 0);
  const short = await user.open({ side: 'short', type: 'limit', price: '55000', quantity: '0.01' });
  assert.equal(short.code, 0, short.msg);
  for (const o of (await user.get('contract/limitList')).data) await user.post('contract/cancelPosition', { orderId: o.id });
});

test('a stop-loss at or past the liquidation price is refused on placing (both sides) and on setting TP/SL', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const probe = await user.open({ side: 'long', quantity: '0.1' });
  const liquidation = probe.data.position.liquidationPrice as string;
  await user.post('contract/closePosition', { positionId: probe.data.position.id, requestId: rid() });
  const before = [await user.available(), await user.frozen()];

  const long = await user.open({ side: 'long', quantity: '0.1', stopLoss: liquidation });
  assert.equal(long.reason, 'stopLossAboveLiquidation');
  assert.ok(long.msg.includes(liquidation), long.msg);
  assert.deepEqual([await user.available(), await user.frozen()], before, 'nothing moved');
  const shortProbe = await user.open({ side: 'short', quantity: '0.1' });
  const shortLiquidation = shortProbe.data.position.liquidationPrice as string;
  await user.post('contract/closePosition', { positionId: shortProbe.data.position.id, requestId: rid() });
  const beforeShort = [await user.available(), await user.frozen()];
  const short = await user.open({ side: 'short', quantity: '0.1', stopLoss: new Dec(shortLiquidation).plus(1).toFixed() });
  assert.equal(short.reason, 'stopLossBelowLiquidation');
  assert.ok(short.msg.includes(shortLiquidation), short.msg);
  assert.deepEqual([await user.available(), await user.frozen()], beforeShort, 'nothing moved');

  // a resting isolated limit: its liquidation price at the limit decides
  const limit = await user.open({ side: 'long', type: 'limit', price: '49000', quantity: '0.1', stopLoss: '44000' });
  assert.equal(limit.reason, 'stopLossAboveLiquidation');

  const opened = await user.open({ side: 'long', quantity: '0.1', stopLoss: '48000' });
  assert.equal(opened.code, 0, opened.msg);
  const id = opened.data.position.id;
  const set = await user.post('contract/setTPAndSLPosition', { positionId: id, takeProfit: null, stopLoss: new Dec(opened.data.position.liquidationPrice).minus(1).toFixed() });
  assert.equal(set.reason, 'stopLossAboveLiquidation');
  assert.equal((await user.get(`contract/detail?positionId=${id}`)).data.position.stopLoss, '48000', 'unchanged');
  await user.post('contract/closePosition', { positionId: id, requestId: rid() });
});
