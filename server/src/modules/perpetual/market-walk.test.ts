import assert from 'node:assert/strict';
import { test } from 'node:test';
import { perpetualHarness, rid } from './test-support.js';

// A perpetual market order fills as spot's does, never better than the book: at the volume-weighted average of the
// depth it walks (asks for a buy, bids for a sell), rounded to the price decimals against the user, one fill whose
// evidence lists the levels. BTCUSDT: 2 price decimals, taker fee 0.1 %, 10× here.
const h = perpetualHarness();

type Fill = { kind: string; price: string; quantity: string; evidence: { sideUsed: string; ask: string; bid: string; levels: [string, string][] } };
const fillsOf = async (user: Awaited<ReturnType<typeof h.trader>>, positionId: string): Promise<Fill[]> =>
  (await user.get(`contract/detail?positionId=${positionId}`)).data.fills;

/** The payloads of a position's receipts, oldest first: what the chain (verified after every test) says was filled. */
async function receiptsOf(positionId: string): Promise<{ kind: string; price: string; evidence: { levels: [string, string][] } }[]> {
  const { rows } = await h.db.query<{ payload: string }>('SELECT payload FROM receipts WHERE ref = $1 ORDER BY seq', [`perp:${positionId}`]);
  return rows.map((r) => JSON.parse(r.payload));
}

test('a market long larger than the first ask level fills at the asks’ walked average, rounded up; margin and fee on it', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50000', last: '49999.5', asks: [['50000', '0.01'], ['50001', '1']] });
  const opened = await user.open({ side: 'long', quantity: '0.07' });
  assert.equal(opened.code, 0, opened.msg);
  // 0.01 × 50,000 + 0.06 × 50,001 = 3,500.06 for 0.07 → 50,000.857… → 50,000.86 (up: a buy never pays less than the book)
  // notional 0.07 × 50,000.86 = 3,500.0602: margin 350.00602, fee 3.5000602 → 3.500061 (rounded up)
  const { position, order } = opened.data;
  assert.deepEqual([position.entryPrice, position.margin, order.fee], ['50000.86', '350.00602', '3.500061']);
  assert.deepEqual([await user.available(), await user.frozen()], ['646.493919', '350.00602']);
  const [fill] = await fillsOf(user, position.id);
  assert.deepEqual([fill!.price, fill!.evidence.sideUsed, fill!.evidence.ask, fill!.evidence.levels], ['50000.86', 'ask', '50000.00', [['50000.00', '0.01'], ['50001.00', '0.06']]]);
  const [receipt] = await receiptsOf(position.id);
  assert.deepEqual([receipt!.price, receipt!.evidence.levels], ['50000.86', [['50000.00', '0.01'], ['50001.00', '0.06']]]);
});

test('a market short walks the bids and is rounded down', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000', bids: [['49999', '0.01'], ['49998', '1']] });
  const opened = await user.open({ side: 'short', quantity: '0.07' });
  assert.equal(opened.code, 0, opened.msg);
  // 0.01 × 49,999 + 0.06 × 49,998 = 3,499.87 for 0.07 → 49,998.142… → 49,998.14; notional 3,499.8698
  assert.deepEqual([opened.data.position.entryPrice, opened.data.position.margin, opened.data.order.fee], ['49998.14', '349.98698', '3.49987']);
  const [fill] = await fillsOf(user, opened.data.position.id);
  assert.deepEqual([fill!.evidence.sideUsed, fill!.evidence.levels], ['bid', [['49999.00', '0.01'], ['49998.00', '0.06']]]);
});

test('a market order by amount fills at the average of the levels its amount took', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49990', ask: '50000', last: '49995', asks: [['50000', '0.01'], ['50100', '1']], bids: [['49990', '1']] });
  const opened = await user.open({ side: 'long', amount: '1000' });
  assert.equal(opened.code, 0, opened.msg);
  // 0.01 × 50,000 + 0.00998 × 50,100 = 999.998 for 0.01998 → 50,049.9499… → 50,049.95
  assert.deepEqual([opened.data.order.quantity, opened.data.position.entryPrice], ['0.01998', '50049.95']);
});

test('closing (in part, whole) and reversing walk the side they take: a long closes into the bids', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.07' });
  const id = opened.data.position.id;
  assert.equal(opened.data.position.entryPrice, '50001', 'a deep first level is the ask itself');
  const bids: [string, string][] = [['51000', '0.02'], ['50990', '1']];
  await h.tick({ bid: '51000', ask: '51002', last: '51001', bids });

  const part = await user.post('contract/closePosition', { positionId: id, quantity: '0.03', requestId: rid() });
  assert.equal(part.code, 0, part.msg);
  // 0.02 × 51,000 + 0.01 × 50,990 = 1,529.9 for 0.03 → 50,996.666… → 50,996.66 (down: a sell never gets more than the book)
  let fills = await fillsOf(user, id);
  assert.deepEqual([fills[1]!.kind, fills[1]!.price, fills[1]!.evidence.levels], ['close', '50996.66', [['51000.00', '0.02'], ['50990.00', '0.01']]]);

  // each order takes the book as it stands (broker model): the reverse's close and its opening short both walk it
  await h.tick({ bid: '51000', ask: '51002', last: '51001', bids });
  const reversed = await user.post('contract/reversePosition', { positionId: id, requestId: rid() });
  assert.equal(reversed.code, 0, reversed.msg);
  // 0.02 × 51,000 + 0.02 × 50,990 = 2,039.8 for 0.04 → 50,995
  assert.deepEqual([reversed.data.closed.closePrice, reversed.data.opened.entryPrice], ['50995', '50995']);
  fills = await fillsOf(user, id);
  assert.deepEqual(fills.map((f) => [f.kind, f.price, f.evidence.levels.length]), [['open', '50001', 1], ['close', '50996.66', 2], ['reverse', '50995', 2]]);
  assert.deepEqual((await receiptsOf(id)).map((r) => r.price), ['50001', '50996.66', '50995']);

  const short = reversed.data.opened.id;
  await h.tick({ bid: '50000', ask: '50002', last: '50001', asks: [['50002', '0.01'], ['50010', '1']] });
  const whole = await user.post('contract/closePosition', { positionId: short, requestId: rid() });
  assert.equal(whole.code, 0, whole.msg);
  // a short closes into the asks: 0.01 × 50,002 + 0.03 × 50,010 = 2,000.32 for 0.04 → 50,008
  assert.deepEqual([whole.data.status, whole.data.closePrice], ['closed', '50008']);
  assert.equal(await user.frozen(), '0');
});

test('a book too thin for the quantity refuses the open, the close and the reverse, and moves no money', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000', asks: [['50001', '0.01'], ['50002', '0.01']], bids: [['49999', '0.01']] });
  assert.equal((await user.open({ side: 'long', quantity: '0.03' })).reason, 'insufficientDepth');
  assert.equal((await user.open({ side: 'short', quantity: '0.02' })).reason, 'insufficientDepth');
  assert.deepEqual([await user.available(), await user.frozen()], ['1000', '0'], 'nothing moved');

  const opened = await user.open({ side: 'long', quantity: '0.02' });
  assert.equal(opened.code, 0, opened.msg);
  const id = opened.data.position.id;
  const before = [await user.available(), await user.frozen()];
  assert.equal((await user.post('contract/closePosition', { positionId: id, requestId: rid() })).reason, 'insufficientDepth');
  assert.equal((await user.post('contract/reversePosition', { positionId: id, requestId: rid() })).reason, 'insufficientDepth');
  assert.deepEqual([await user.available(), await user.frozen()], before, 'nothing moved');
  assert.deepEqual((await fillsOf(user, id)).map((f) => f.kind), ['open']);
  assert.equal((await user.get(`contract/detail?positionId=${id}`)).data.position.status, 'open');
});

test('a stop-loss walks the bids as a manual close does: the same size closes at the same price whatever triggered it', async () => {
  const stopped = await h.trader('1000');
  const manual = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const withStop = await stopped.open({ side: 'long', quantity: '0.07', stopLoss: '49000' });
  const plain = await manual.open({ side: 'long', quantity: '0.07' });
  assert.equal(withStop.code, 0, withStop.msg);
  assert.equal(plain.code, 0, plain.msg);
  const bids: [string, string][] = [['48990', '0.01'], ['48000', '1']];
  await h.tick({ bid: '48990', ask: '48992', last: '48991', bids });
  const detail = (await stopped.get(`contract/detail?positionId=${withStop.data.position.id}`)).data;
  // 0.01 × 48,990 + 0.06 × 48,000 = 3,369.9 for 0.07 → 48,141.428… → 48,141.42 (down: a sell never gets more than the book);
  // at the top of the book (48,990) the whole 0.07 would have been paid 59.406 USDT more than the bids held
  assert.deepEqual([detail.position.closeType, detail.position.closePrice], ['stop_loss', '48141.42']);
  assert.deepEqual([detail.fills.at(-1).evidence.sideUsed, detail.fills.at(-1).evidence.levels], ['bid', [['48990.00', '0.01'], ['48000.00', '0.06']]]);
  assert.deepEqual((await receiptsOf(withStop.data.position.id)).at(-1)!.evidence.levels, [['48990.00', '0.01'], ['48000.00', '0.06']]);

  const closed = await manual.post('contract/closePosition', { positionId: plain.data.position.id, requestId: rid() });
  assert.equal(closed.code, 0, closed.msg);
  assert.equal(closed.data.closePrice, '48141.42', 'the manual close of the same size on the same book: the same price');
  assert.equal(await stopped.available(), await manual.available(), 'and the same money');
});

test('a take-profit of a short walks the asks, rounded up; a book too thin for it leaves it pending, as a manual close is refused', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const opened = await user.open({ side: 'short', quantity: '0.05', takeProfit: '49000' });
  assert.equal(opened.code, 0, opened.msg);
  const id = opened.data.position.id;
  const before = [await user.available(), await user.frozen()];
  await h.tick({ bid: '48980', ask: '48990', last: '48985', asks: [['48990', '0.01'], ['48995', '0.01']] });
  assert.equal((await user.get(`contract/detail?positionId=${id}`)).data.position.status, 'open', 'the asks hold 0.02 of 0.05: nothing filled');
  assert.deepEqual([await user.available(), await user.frozen()], before, 'nothing moved');
  await h.tick({ bid: '48980', ask: '48990', last: '48985', asks: [['48990', '0.01'], ['48997', '1']] });
  const detail = (await user.get(`contract/detail?positionId=${id}`)).data;
  // 0.01 × 48,990 + 0.04 × 48,997 = 2,449.78 for 0.05 → 48,995.6 (a buy never pays less than the book)
  assert.deepEqual([detail.position.status, detail.position.closeType, detail.position.closePrice], ['closed', 'take_profit', '48995.6']);
  assert.deepEqual(detail.fills.at(-1).evidence.levels, [['48990.00', '0.01'], ['48997.00', '0.04']]);
});

test('a liquidation closes at the mark (the bankruptcy accounting rests on it) and its evidence lists the levels the size takes', async () => {
  const user = await h.trader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.1', leverage: 100 });
  assert.equal(opened.code, 0, opened.msg);
  const id = opened.data.position.id;
  await h.tick({ bid: '48999', ask: '49001', last: '49000', bids: [['48999', '0.02'], ['48900', '1']] });
  const detail = (await user.get(`contract/detail?positionId=${id}`)).data;
  assert.deepEqual([detail.position.closeType, detail.position.closePrice], ['liquidation', '49000']);
  const fill = detail.fills.at(-1);
  assert.deepEqual([fill.price, fill.evidence.sideUsed, fill.evidence.levels], ['49000', 'last', [['48999.00', '0.02'], ['48900.00', '0.08']]]);
  assert.deepEqual((await receiptsOf(id)).at(-1)!.evidence.levels, [['48999.00', '0.02'], ['48900.00', '0.08']]);
});
