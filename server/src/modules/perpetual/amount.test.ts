import assert from 'node:assert/strict';
import { test } from 'node:test';
import { perpetualHarness, rid } from './test-support.js';

// Perpetual orders sized by a USDT amount instead of a quantity (the order form's unit switch).
const h = perpetualHarness();

test('a market long by amount takes what the amount buys walking the asks, fills at their average, and keeps the amount asked', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49990', ask: '50000', last: '49995', asks: [['50000', '0.01'], ['50100', '1']], bids: [['49990', '1']] });
  const opened = await user.open({ side: 'long', amount: '1000' });
  assert.equal(opened.code, 0, opened.msg);
  // 0.01 at 50000 spends 500; the 500 left buys floor(500 / 50100, 5 decimals) = 0.00998 more — not 1000 / 50000 = 0.02
  assert.deepEqual([opened.data.order.amount, opened.data.order.quantity, opened.data.position.quantity], ['1000', '0.01998', '0.01998']);
  // at the levels' average: 999.998 / 0.01998 = 50,049.9499… → 50,049.95 (up, never below the book); notional
  // 999.998001: margin 99.9998001 → 99.999801 at 10×, taker fee 0.1 % → 0.999999 (both rounded up)
  assert.deepEqual([opened.data.position.entryPrice, opened.data.position.margin, opened.data.order.fee], ['50049.95', '99.999801', '0.999999']);
  assert.equal(await user.available(), '899.0002');
});

test('a limit short by amount: quantity = amount / price rounded down, margin and maker fee held on it', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49990', ask: '50000', last: '49995' });
  const placed = await user.open({ side: 'short', type: 'limit', price: '54000', amount: '1000' });
  assert.equal(placed.code, 0, placed.msg);
  // 1000 / 54000 = 0.0185185… → 0.01851; notional 999.54: margin 99.954, maker fee 0.08 % = 0.799632
  assert.deepEqual([placed.data.order.amount, placed.data.order.quantity, placed.data.order.status], ['1000', '0.01851', 'pending']);
  assert.equal(await user.frozen(), '100.753632');
  const listed = (await user.get('contract/limitList')).data;
  assert.deepEqual(listed.map((o: { amount: string | null; quantity: string }) => [o.amount, o.quantity]), [['1000', '0.01851']]);
});

test('sized by quantity, the order says so (amount null)', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49990', ask: '50000', last: '49995' });
  const opened = await user.open({ side: 'long', quantity: '0.001' });
  assert.equal(opened.code, 0, opened.msg);
  assert.deepEqual([opened.data.order.amount, opened.data.order.quantity], [null, '0.001']);
});

test('a retried request by amount opens once, at the quantity of the first answer', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49990', ask: '50000', last: '49995' });
  const requestId = rid();
  const first = await user.open({ side: 'long', amount: '500', requestId });
  assert.equal(first.code, 0, first.msg);
  await h.tick({ bid: '50490', ask: '50500', last: '50495' });
  const again = await user.open({ side: 'long', amount: '500', requestId });
  assert.deepEqual([again.data.order.id, again.data.order.quantity], [first.data.order.id, '0.01']);
  assert.equal((await user.get('contract/openList')).data.length, 1);
});

test('refused: both or neither of quantity and amount, more than cents, too small for one step, a book too thin', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49990', ask: '50000', last: '49995' });
  assert.equal((await user.open({ side: 'long', quantity: '0.01', amount: '500' })).reason, 'invalidSize');
  assert.equal((await user.open({ side: 'long' })).reason, 'invalidSize');
  assert.equal((await user.open({ side: 'long', amount: '10.001' })).reason, 'invalidSize');
  assert.equal((await user.open({ side: 'long', amount: '0.01' })).reason, 'quantityBelowMinimum');
  await h.tick({ bid: '49990', ask: '50000', last: '49995', asks: [['50000', '0.001']], bids: [['49990', '0.001']] });
  assert.equal((await user.open({ side: 'short', amount: '1000' })).reason, 'insufficientDepth');
  assert.deepEqual([await user.available(), await user.frozen()], ['1000', '0'], 'nothing moved');
});
