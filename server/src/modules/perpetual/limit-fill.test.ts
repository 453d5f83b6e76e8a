import assert from 'node:assert/strict';
import { test } from 'node:test';
import { perpetualHarness } from './test-support.js';

// A limit order the book already crosses when placed fills that part at once as taker, walking only the levels at
// or better than its limit (never worse than it), and rests the rest as a maker order; a resting limit fills at
// the better of its limit and the top of the book. BTCUSDT: 2 price decimals, taker 0.1 %, maker 0.08 %, 10× here.
const h = perpetualHarness();

type Fill = { kind: string; price: string; quantity: string; fee: string; evidence: { sideUsed: string; ask: string; bid: string; levels: [string, string][] } };
const fillsOf = async (user: Awaited<ReturnType<typeof h.trader>>, positionId: string): Promise<Fill[]> =>
  (await user.get(`contract/detail?positionId=${positionId}`)).data.fills;

test('a marketable limit long fills at once as taker at the asks’ walked average, not at its limit', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50000', last: '49999.5', asks: [['50000', '0.01'], ['50001', '1']] });
  const placed = await user.open({ side: 'long', type: 'limit', price: '50500', quantity: '0.07' });
  assert.equal(placed.code, 0, placed.msg);
  // 0.01 × 50,000 + 0.06 × 50,001 = 3,500.06 for 0.07 → 50,000.86 (up); notional 3,500.0602: margin 350.00602,
  // taker fee 0.1 % = 3.500061 (up) — as a market order of the same size, the 1 % to the limit stays with the user
  const { order, position } = placed.data;
  assert.deepEqual([order.status, order.doneQuantity, order.averagePrice, order.fee], ['completed', '0.07', '50000.86', '3.500061']);
  assert.deepEqual([position.entryPrice, position.margin], ['50000.86', '350.00602']);
  assert.deepEqual([await user.available(), await user.frozen()], ['646.493919', '350.00602']);
  const [fill] = await fillsOf(user, position.id);
  assert.deepEqual([fill!.price, fill!.evidence.sideUsed, fill!.evidence.levels], ['50000.86', 'ask', [['50000.00', '0.01'], ['50001.00', '0.06']]]);
  assert.equal((await user.get('contract/limitList')).data.length, 0, 'nothing rests');
});

test('a marketable limit long takes only the levels at or below its limit, rests the rest, which later fills as maker', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50000', last: '49999.5', asks: [['50000', '0.01'], ['50001', '0.02'], ['50002', '1']] });
  const placed = await user.open({ side: 'long', type: 'limit', price: '50001', quantity: '0.05' });
  assert.equal(placed.code, 0, placed.msg);
  // now: 0.01 × 50,000 + 0.02 × 50,001 = 1,500.02 for 0.03 → 50,000.67 (up, still ≤ the limit); notional 1,500.0201:
  // margin 150.00201, taker fee 1.500021. Rests 0.02 at 50,001: margin 100.002, maker fee 0.800016 held
  const { order, position } = placed.data;
  assert.deepEqual([order.status, order.doneQuantity, order.averagePrice, order.margin, order.fee], ['pending', '0.03', '50000.67', '250.00401', '2.300037']);
  assert.deepEqual([position.quantity, position.entryPrice], ['0.03', '50000.67']);
  const [now] = await fillsOf(user, position.id);
  assert.ok(now!.evidence.levels.every(([p]) => Number(p) <= 50001), 'never a level worse than the limit');
  assert.deepEqual(now!.evidence.levels, [['50000.00', '0.01'], ['50001.00', '0.02']]);
  assert.deepEqual([await user.available(), await user.frozen()], ['747.695953', '250.804026']);
  assert.equal((await user.get('contract/limitList')).data.length, 1, 'the rest rests');

  // the ask goes away then comes back to the limit: the rest fills whole at it, maker fee 0.800016 from what it held
  await h.tick({ bid: '50100', ask: '50102', last: '50101' });
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const done = (await user.get(`contract/detail?positionId=${position.id}`)).data;
  assert.equal(done.position.quantity, '0.05');
  assert.deepEqual(done.fills.map((f: Fill) => [f.price, f.quantity, f.fee]), [['50000.67', '0.03', '1.500021'], ['50001', '0.02', '0.800016']]);
  const { rows } = await h.db.query<{ status: string; done: string; price: string; held: string }>(
    'SELECT status, trim_scale(done_quantity)::text AS done, trim_scale(done_price)::text AS price, trim_scale(held)::text AS held FROM perp_orders WHERE id = $1', [order.id]);
  // the order's own average: (1,500.0201 + 1,000.02) / 0.05 = 50,000.802 → 50,000.81 (up)
  assert.deepEqual(rows[0], { status: 'merged', done: '0.05', price: '50000.81', held: '0' });
  assert.deepEqual([await user.available(), await user.frozen()], ['747.695953', '250.00401']);
});

test('a marketable limit short takes the bids at or above its limit; its rest fills at a better bid on a gap', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '50000', ask: '50002', last: '50001', bids: [['50000', '0.01'], ['49990', '1']] });
  const placed = await user.open({ side: 'short', type: 'limit', price: '49995', quantity: '0.03' });
  assert.equal(placed.code, 0, placed.msg);
  // now: 0.01 at 50,000 (49,990 is below the limit): margin 50, taker fee 0.5; rests 0.02 at 49,995: margin 99.99,
  // maker fee 0.79992
  const { order, position } = placed.data;
  assert.deepEqual([order.status, order.doneQuantity, order.averagePrice, position.entryPrice], ['pending', '0.01', '50000', '50000']);
  assert.deepEqual([await user.available(), await user.frozen()], ['848.71008', '150.78992']);
  await h.tick({ bid: '49980', ask: '49982', last: '49981' });
  // the bid gaps up through the limit: the rest sells at 50,010, not 49,995; margin as held, fee as held (capped)
  await h.tick({ bid: '50010', ask: '50012', last: '50011' });
  const done = (await user.get(`contract/detail?positionId=${position.id}`)).data;
  assert.deepEqual(done.fills.map((f: Fill) => [f.price, f.quantity, f.fee]), [['50000', '0.01', '0.5'], ['50010', '0.02', '0.79992']]);
  const { rows } = await h.db.query<{ price: string }>('SELECT trim_scale(done_price)::text AS price FROM perp_orders WHERE id = $1', [order.id]);
  // (500 + 1,000.2) / 0.03 = 50,006.666… → 50,006.66 (down: a sell)
  assert.equal(rows[0]!.price, '50006.66');
  assert.deepEqual([await user.available(), await user.frozen()], ['848.71008', '149.99']);
});

test('an order’s averagePrice is its own fill’s, not the merged position’s entry', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50000', last: '49999.5' });
  assert.equal((await user.open({ side: 'long', quantity: '0.01' })).code, 0);
  await h.tick({ bid: '50999', ask: '51000', last: '50999.5' });
  const second = await user.open({ side: 'long', quantity: '0.01' });
  assert.equal(second.code, 0, second.msg);
  assert.equal(second.data.position.entryPrice, '50500', 'the merged entry');
  assert.deepEqual([second.data.order.status, second.data.order.averagePrice, second.data.order.donePrice], ['merged', '51000', '51000']);
});
