import assert from 'node:assert/strict';
import { test } from 'node:test';
import { manualClock } from '../identity/test-support.js';
import { Dec } from '../ledger/decimal.js';
import { spotFixture } from '../trading/spot-fixture.js';

// The spot estimate (GET contract-spot/estimate) against what placing the same order then does: the fills, the
// fee in the asset received, the average and what leaves the wallet are the engine's own (spot/order-plan.ts).
// BTCUSDT: 2 price decimals, taker 0.1 %, maker 0.08 %.

const time = manualClock();
const h = spotFixture(time.clock);

async function trader(usdt: string, btc?: string) {
  const user = await h.spotTrader({ usdt, btc });
  return {
    balance: (asset: string) => user.balance(asset),
    estimate: (order: Record<string, string>) => user.get(`contract-spot/estimate?${new URLSearchParams({ symbol: 'BTCUSDT', ...order }).toString()}`),
    order: (order: Record<string, string>) => user.post('contract-spot/create', { symbol: 'BTCUSDT', requestId: h.rid('spot-estimate'), ...order }),
  };
}

test('a market buy by amount: the estimate’s quantity, average, fee and cost are what the order then fills and spends', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00', asks: [['100.00', '0.5'], ['101.00', '1'], ['102.50', '2']] });
  const body = { side: 'buy', type: 'market', amount: '120.70' };
  const shown = await user.estimate(body);
  assert.equal(shown.code, 0, shown.msg);
  assert.equal(await user.balance('USDT'), '1000', 'the estimate holds nothing');
  const placed = await user.order(body);
  assert.equal(placed.code, 0, placed.msg);
  const o = placed.data;
  assert.deepEqual(
    [shown.data.quantity, shown.data.expectedPrice, shown.data.fee, shown.data.feeAsset, shown.data.cost, shown.data.value, shown.data.rest],
    [o.doneQuantity, o.averagePrice, o.fee, o.feeAsset, o.marketValue, o.marketValue, null],
  );
  assert.deepEqual([shown.data.receive, await user.balance('BTC')], [new Dec(o.doneQuantity).minus(o.fee).toFixed(), shown.data.receive]);
  assert.equal(new Dec(1000).minus(shown.data.cost).toFixed(), await user.balance('USDT'));
});

test('a marketable limit sell: what the bids fill now, the rest at the limit, the fee and the freeze as placed', async () => {
  const user = await trader('0', '1');
  h.feed.set('BTCUSDT', { bid: '100.00', ask: '100.10', bids: [['100.00', '0.3'], ['99.50', '0.2'], ['99.00', '5']] });
  const body = { side: 'sell', type: 'limit', price: '99.50', quantity: '0.8' };
  const shown = await user.estimate(body);
  assert.equal(shown.code, 0, shown.msg);
  const placed = await user.order(body);
  assert.equal(placed.code, 0, placed.msg);
  const o = placed.data;
  // now: 0.3 at 100 and 0.2 at 99.50 (taker); 0.3 rests at 99.50
  assert.deepEqual([shown.data.fillNow, shown.data.rest], [{ quantity: o.doneQuantity, price: o.averagePrice, value: o.marketValue }, { quantity: '0.3', price: '99.5' }]);
  assert.equal(new Dec(shown.data.fee).minus(o.fee).toFixed(), new Dec('0.3').times('99.5').times(o.makerFeeRate).toFixed(), 'the fee now, plus the rest’s maker fee at its limit');
  assert.deepEqual([shown.data.cost, shown.data.costAsset, await user.balance('BTC')], ['0.8', 'BTC', '0.2']);
});

test('an estimate above what the wallet holds says so; a refusal is the same as placing', async () => {
  const user = await trader('10');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const shown = await user.estimate({ side: 'buy', type: 'limit', price: '100', quantity: '1' });
  assert.deepEqual([shown.code, shown.data.enough, shown.data.cost, shown.data.available], [0, false, '100', '10']);
  const [estimated, placed] = [await user.estimate({ side: 'buy', type: 'limit', price: '100.001', quantity: '1' }), await user.order({ side: 'buy', type: 'limit', price: '100.001', quantity: '1' })];
  assert.deepEqual([estimated.reason, estimated.msg], [placed.reason, placed.msg]);
});
