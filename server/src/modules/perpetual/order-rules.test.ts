import assert from 'node:assert/strict';
import { test } from 'node:test';
import { perpetualHarness } from './test-support.js';

// Time in force, post-only and reduce-only on perpetual orders, as the large venues run them: post-only never
// takes, IOC fills what it can at once and cancels the rest, FOK fills all at once or nothing changes, GTC rests,
// reduce-only only ever shrinks the opposite position. BTCUSDT: 2 price decimals, taker 0.1 %, maker 0.08 %, 10×.
const h = perpetualHarness();
const book = { bid: '49999', ask: '50000', last: '49999.5', asks: [['50000', '0.01'], ['50100', '1']] as [string, string][] };

const ordersOf = async (uid: string) => (await h.db.query('SELECT id FROM perp_orders WHERE user_id = $1', [uid])).rows.length;

test('post-only: refused with nothing changed when it would take; rests when it would not; GTC only', async () => {
  const user = await h.trader('1000');
  await h.tick(book);
  const taking = await user.open({ side: 'long', type: 'limit', price: '50050', postOnly: true, quantity: '0.05' });
  assert.equal(taking.reason, 'postOnlyWouldTake');
  assert.match(taking.msg, /50000/);
  assert.deepEqual([await user.available(), await user.frozen(), await ordersOf(user.uid)], ['1000', '0', 0]);
  assert.equal((await user.open({ side: 'long', type: 'limit', price: '49900', postOnly: true, timeInForce: 'IOC', quantity: '0.05' })).reason, 'postOnlyNeedsGtc');
  const resting = await user.open({ side: 'long', type: 'limit', price: '49900', postOnly: true, quantity: '0.05' });
  assert.equal(resting.code, 0, resting.msg);
  assert.deepEqual([resting.data.order.status, resting.data.order.postOnly, resting.data.position], ['pending', true, null]);
});

test('IOC fills what the book crosses at once and cancels the rest; with nothing to fill it is refused', async () => {
  const user = await h.trader('1000');
  await h.tick(book);
  const ioc = await user.open({ side: 'long', type: 'limit', price: '50050', timeInForce: 'IOC', quantity: '0.05' });
  assert.equal(ioc.code, 0, ioc.msg);
  // 0.01 at 50,000 fills (margin 50, taker fee 0.5); the 0.04 the book does not offer at ≤ 50,050 expires
  assert.deepEqual([ioc.data.order.status, ioc.data.order.doneQuantity, ioc.data.order.expiredQuantity], ['completed', '0.01', '0.04']);
  assert.equal((await user.get('contract/limitList')).data.length, 0, 'nothing rests');
  assert.deepEqual([await user.available(), await user.frozen()], ['949.5', '50']);
  const none = await user.open({ side: 'long', type: 'limit', price: '49900', timeInForce: 'IOC', quantity: '0.05' });
  assert.equal(none.reason, 'iocNothingFilled');
  assert.deepEqual([await user.available(), await user.frozen()], ['949.5', '50']);
});

test('FOK fills the whole quantity at once or is refused with nothing changed', async () => {
  const user = await h.trader('1000');
  await h.tick(book);
  const refused = await user.open({ side: 'long', type: 'limit', price: '50050', timeInForce: 'FOK', quantity: '0.05' });
  assert.equal(refused.reason, 'fokNotFilled');
  assert.deepEqual([await user.available(), await user.frozen(), await ordersOf(user.uid)], ['1000', '0', 0]);
  const filled = await user.open({ side: 'long', type: 'limit', price: '50050', timeInForce: 'FOK', quantity: '0.01' });
  assert.deepEqual([filled.data.order.status, filled.data.order.doneQuantity, filled.data.position.quantity], ['completed', '0.01', '0.01']);
});

test('GTC (the default) rests what the book does not cross', async () => {
  const user = await h.trader('1000');
  await h.tick(book);
  const gtc = await user.open({ side: 'long', type: 'limit', price: '50050', quantity: '0.05' });
  assert.deepEqual([gtc.data.order.status, gtc.data.order.timeInForce, gtc.data.order.doneQuantity], ['pending', 'GTC', '0.01']);
  assert.equal((await user.get('contract/limitList')).data.length, 1);
});

test('reduce-only: refused without an opposite position, capped to it, never opens; no TP/SL of its own', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  assert.equal((await user.open({ side: 'short', reduceOnly: true, quantity: '0.1' })).reason, 'reduceOnlyNoLong');
  assert.equal((await user.open({ side: 'long', reduceOnly: true, quantity: '0.1' })).reason, 'reduceOnlyNoShort');
  const long = (await user.open({ side: 'long', quantity: '0.1' })).data.position;
  assert.equal((await user.open({ side: 'short', reduceOnly: true, quantity: '0.1', stopLoss: '60000' })).reason, 'reduceOnlyNoTpSl');
  const before = await user.available();
  // asks five times the position: capped to its 0.1, closed at the bid; no short opens
  const reduced = await user.open({ side: 'short', reduceOnly: true, quantity: '0.5' });
  assert.equal(reduced.code, 0, reduced.msg);
  assert.deepEqual([reduced.data.order.status, reduced.data.order.quantity, reduced.data.order.doneQuantity, reduced.data.order.reduceOnly], ['completed', '0.1', '0.1', true]);
  assert.equal((await user.get('contract/openList')).data.length, 0, 'no short opened');
  const closed = (await user.get(`contract/detail?positionId=${long.id}`)).data;
  assert.deepEqual([closed.position.status, closed.fills.at(-1).price], ['closed', '49999']);
  assert.ok(Number(await user.available()) > Number(before));
  assert.equal((await user.open({ side: 'short', reduceOnly: true, quantity: '0.1' })).reason, 'reduceOnlyNoLong');
});

test('a reduce-only limit rests without holding margin and closes the long once the bid reaches it, never below it', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const long = (await user.open({ side: 'long', quantity: '0.1' })).data.position;
  const frozen = await user.frozen();
  const placed = await user.open({ side: 'short', type: 'limit', price: '50500', reduceOnly: true, quantity: '0.1' });
  assert.deepEqual([placed.data.order.status, placed.data.order.margin], ['pending', '0']);
  assert.equal(await user.frozen(), frozen, 'holds nothing');
  await h.tick({ bid: '50500', ask: '50502', last: '50501', bids: [['50500', '0.04'], ['50400', '1']] });
  // only the 0.04 the book offers at ≥ 50,500 closes; the rest waits
  assert.equal((await user.get('contract/openList')).data[0].quantity, '0.06');
  await h.tick({ bid: '50600', ask: '50602', last: '50601' });
  const closed = (await user.get(`contract/detail?positionId=${long.id}`)).data;
  assert.deepEqual(closed.fills.slice(1).map((f: { price: string; quantity: string }) => [f.price, f.quantity]), [['50500', '0.04'], ['50600', '0.06']]);
  assert.equal(closed.position.status, 'closed');
  assert.equal((await h.db.query(`SELECT status FROM perp_orders WHERE id = $1`, [placed.data.order.id])).rows[0]!.status, 'completed');
});
