import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand } from '../../ops/all-commands.js';
import { Dec } from '../ledger/decimal.js';
import { available, PLATFORM, post } from '../ledger/ledger.js';
import { perpetualHarness, rid } from './test-support.js';

const h = perpetualHarness();
const time = h.time;
const trader = (usdt?: string) => h.trader(usdt);
const tick = (next: Parameters<typeof h.tick>[0]) => h.tick(next);

test('market long 10× isolated: margin frozen, taker fee charged, filled at the ask with its evidence; half closed at the bid, the rest reversed', async () => {
  const user = await trader('1000');
  await tick({ bid: '49999', ask: '50001', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.1' });
  assert.equal(opened.code, 0, opened.msg);
  const position = opened.data.position;
  // 0.1 × 50001 = 5000.1: margin 500.01, fee 0.1 % = 5.0001
  assert.deepEqual([position.entryPrice, position.margin, opened.data.order.fee, opened.data.order.status], ['50001', '500.01', '5.0001', 'completed']);
  // the taker rate frozen with the position: what its close is charged (the close sheet estimates with it)
  assert.equal(position.takerFeeRate, '0.001');
  assert.equal(await user.available(), '494.9899');
  assert.equal(await user.frozen(), '500.01');
  // (5000.1 − 500.01) / (0.1 × 0.996) = 45181.626…, rounded up
  assert.equal(position.liquidationPrice, '45181.63');
  const detail = (await user.get(`contract/detail?positionId=${position.id}`)).data;
  assert.deepEqual([detail.fills.length, detail.fills[0].price, detail.fills[0].evidence.sideUsed, detail.fills[0].evidence.ask, detail.fills[0].evidence.source], [1, '50001', 'ask', '50001.00', 'simulated']);
  assert.match(detail.fills[0].receiptHash, /^[0-9a-f]{64}$/);

  await tick({ bid: '51000', ask: '51002', last: '51001' });
  const half = await user.post('contract/closePosition', { positionId: position.id, quantity: '0.05', requestId: rid() });
  assert.equal(half.code, 0, half.msg);
  // P/L (51000 − 50001) × 0.05 = 49.95, fee 2.55, margin released 250.005
  assert.deepEqual([half.data.quantity, half.data.margin, half.data.status], ['0.05', '250.005', 'open']);
  assert.equal(await user.available(), '792.3949');
  // the part closed is in the position's history with its realised P/L and how it was closed
  const partial = (await user.get(`contract/detail?positionId=${position.id}`)).data.fills;
  assert.deepEqual(partial.map((f: { kind: string; closeType: string | null; quantity: string; realisedPnl: string }) => [f.kind, f.closeType, f.quantity, f.realisedPnl]), [
    ['open', null, '0.1', '0'],
    ['close', 'manual', '0.05', '49.95'],
  ]);

  const reversed = await user.post('contract/reversePosition', { positionId: position.id, requestId: rid() });
  assert.equal(reversed.code, 0, reversed.msg);
  assert.deepEqual([reversed.data.closed.status, reversed.data.closed.closeType, reversed.data.closed.closePrice], ['closed', 'reverse', '51000']);
  assert.deepEqual([reversed.data.opened.side, reversed.data.opened.quantity, reversed.data.opened.entryPrice, reversed.data.opened.margin], ['short', '0.05', '51000', '255']);
  // + 250.005 + 49.95 − 2.55 (close), − 255 − 2.55 (open short)
  assert.equal(await user.available(), '832.2499');
  assert.equal(await user.frozen(), '255');
  const reversedFills = (await user.get(`contract/detail?positionId=${position.id}`)).data.fills;
  assert.deepEqual(reversedFills.map((f: { closeType: string | null }) => f.closeType), [null, 'manual', 'reverse']);
  const openedFills = (await user.get(`contract/detail?positionId=${reversed.data.opened.id}`)).data.fills;
  assert.deepEqual(openedFills.map((f: { kind: string; closeType: string | null }) => [f.kind, f.closeType]), [['reverse', null]], 'the opening fill of a reverse closed nothing');
  const history = (await user.get('contract/closeList')).data;
  assert.equal(history.total, 1);
  assert.equal(history.list[0].realisedPnl, '89.7999', '49.95 × 2 − 5.0001 − 2.55 × 2');
});

test('a limit order holds margin and maker fee; cancelling releases all of it', async () => {
  const user = await trader('1000');
  await tick({ bid: '49999', ask: '50001', last: '50000' });
  const placed = await user.open({ side: 'long', type: 'limit', price: '46000', quantity: '0.1' });
  assert.equal(placed.code, 0, placed.msg);
  assert.deepEqual([placed.data.order.status, placed.data.position], ['pending', null]);
  // margin 460 + maker fee 0.08 % of 4600 = 3.68
  assert.equal(await user.frozen(), '463.68');
  assert.equal((await user.get('contract/limitList')).data.length, 1);
  const canceled = await user.post('contract/cancelPosition', { orderId: placed.data.order.id });
  assert.equal(canceled.data.status, 'canceled');
  assert.deepEqual([await user.available(), await user.frozen()], ['1000', '0']);
  assert.equal((await user.post('contract/cancelPosition', { orderId: placed.data.order.id })).reason, 'orderNotCancellable');
});

test('a limit open fires exactly once when the ask crosses, also across a restart', async () => {
  const user = await trader('1000');
  await tick({ bid: '49999', ask: '50001', last: '50000' });
  const placed = await user.open({ side: 'long', type: 'limit', price: '49000', quantity: '0.1' });
  await h.app.close();
  await h.start();
  await tick({ bid: '48990', ask: '48995', last: '48992' });
  await tick({ bid: '48980', ask: '48985', last: '48982' });
  const positions = (await user.get('contract/openList')).data;
  assert.equal(positions.length, 1);
  // the tick gapped through the limit: the fill takes the better ask (48,995), the margin stays the one held at 49,000
  assert.deepEqual([positions[0].entryPrice, positions[0].margin, positions[0].parentOrderId], ['48995', '490', placed.data.order.id]);
  const fills = await h.db.query('SELECT id FROM perp_fills WHERE order_id = $1', [placed.data.order.id]);
  assert.equal(fills.rows.length, 1);
  // the maker fee on the fill (0.08 % of 4,899.5 = 3.9196, held 3.92 at the limit) was charged from what the order
  // held and the 0.0004 saved went back; margin stays frozen as the position's
  assert.deepEqual([await user.available(), await user.frozen()], ['506.0804', '490']);
});

test('take-profit and stop-loss: checked against the mark and side; TP fires once and closes with its type', async () => {
  const user = await trader('1000');
  await tick({ bid: '49999', ask: '50001', last: '50000' });
  const wrong = await user.open({ side: 'long', quantity: '0.1', takeProfit: '49000' });
  assert.equal(wrong.reason, 'takeProfitAboveMark');
  const opened = await user.open({ side: 'long', quantity: '0.1' });
  const id = opened.data.position.id;
  assert.equal((await user.post('contract/setTPAndSLPosition', { positionId: id, takeProfit: '52000', stopLoss: '51000' })).reason, 'stopLossBelowMark');
  const set = await user.post('contract/setTPAndSLPosition', { positionId: id, takeProfit: '52000', stopLoss: '48000' });
  assert.deepEqual([set.data.takeProfit, set.data.stopLoss], ['52000', '48000']);
  await tick({ bid: '52100', ask: '52102', last: '52101' });
  await tick({ bid: '52200', ask: '52202', last: '52201' });
  const closed = (await user.get('contract/closeList')).data.list;
  assert.equal(closed.length, 1);
  assert.deepEqual([closed[0].closeType, closed[0].closePrice], ['take_profit', '52100']);
  assert.equal((await h.db.query(`SELECT id FROM perp_fills WHERE position_id = $1 AND kind = 'take_profit'`, [id])).rows.length, 1);
  assert.equal(await user.frozen(), '0');
});

test('a gap through the liquidation price: closed at the mark, the insurance fund pays the shortfall, no balance goes negative', async () => {
  const user = await trader('1000');
  // a fund that covers the shortfall (what it cannot cover is auto-deleveraged: adl.test.ts)
  await post(h.db, { key: `seed-insurance:${rid()}`, cause: { type: 'test', id: 'x' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: PLATFORM, mode: 'real', wallet: 'insurance', asset: 'USDT' }, amount: '10000' },
  ] }, time.clock());
  await tick({ bid: '49999', ask: '50001', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.1' });
  const insuranceBefore = await available(h.db, { holder: PLATFORM, mode: 'real', wallet: 'insurance', asset: 'USDT' });
  await tick({ bid: '39999', ask: '40001', last: '40000' });
  const detail = (await user.get(`contract/detail?positionId=${opened.data.position.id}`)).data;
  assert.deepEqual([detail.position.status, detail.position.closeType, detail.position.closePrice], ['closed', 'liquidation', '40000']);
  // loss (40000 − 50001) × 0.1 = 1000.1 against a margin of 500.01: 500.09 short
  assert.deepEqual([detail.liquidation.toInsurance, detail.liquidation.shortfall], ['0', '500.09']);
  assert.equal(detail.fills.at(-1).evidence.sideUsed, 'last');
  assert.deepEqual([await user.available(), await user.frozen()], ['494.9899', '0'], 'the isolated loss stops at the margin');
  const insuranceAfter = await available(h.db, { holder: PLATFORM, mode: 'real', wallet: 'insurance', asset: 'USDT' });
  // every liquidation of this tick (earlier scenarios' positions too) moved the fund by its remainder less its shortfall
  const { rows } = await h.db.query<{ net: string }>('SELECT trim_scale(SUM(to_insurance) - SUM(shortfall))::text AS net FROM perp_liquidations WHERE created_at = $1', [time.clock()]);
  assert.equal(new Dec(insuranceAfter).minus(insuranceBefore).toFixed(), new Dec(rows[0]!.net).toFixed());
});

test('funding: longs pay shorts at the interval, once per funding time, in the position’s history', async () => {
  const long = await trader('1000');
  const short = await trader('1000');
  await tick({ bid: '50000', ask: '50000', last: '50000' });
  const l = (await long.open({ side: 'long', quantity: '0.1' })).data.position.id;
  const s = (await short.open({ side: 'short', quantity: '0.1' })).data.position.id;
  const before = [await long.available(), await short.available()];
  time.advance(8 * 3_600_000);
  assert.ok((await h.perp.fund(time.clock())) >= 2);
  assert.equal(await h.perp.fund(time.clock()), 0, 'a second run pays nothing again');
  // 5000 × 0.0001 = 0.5
  assert.equal(Number(await long.available()), Number(before[0]) - 0.5);
  assert.equal(Number(await short.available()), Number(before[1]) + 0.5);
  const detail = (await long.get(`contract/detail?positionId=${l}`)).data;
  assert.deepEqual([detail.funding.length, detail.funding[0].amount], [1, '-0.5']);
  assert.equal((await short.get(`contract/detail?positionId=${s}`)).data.funding[0].amount, '0.5');
});

test('merge averages into one position; split keeps each fill its own with its parent order; modes locked while open', async () => {
  const user = await trader('5000');
  await tick({ bid: '50000', ask: '50000', last: '50000' });
  await user.open({ side: 'long', quantity: '0.1' });
  await tick({ bid: '51000', ask: '51000', last: '51000' });
  const second = await user.open({ side: 'long', quantity: '0.1' });
  assert.equal(second.data.order.status, 'merged');
  let open = (await user.get('contract/openList')).data;
  assert.deepEqual([open.length, open[0].quantity, open[0].entryPrice], [1, '0.2', '50500']);
  assert.equal((await user.post('contract/settings', { positionMode: 'split' })).reason, 'perpModeLocked');
  await user.post('contract/closePosition', { positionId: open[0].id, requestId: rid() });
  assert.equal((await user.post('contract/settings', { positionMode: 'split' })).data.positionMode, 'split');
  const a = await user.open({ side: 'long', quantity: '0.1' });
  const b = await user.open({ side: 'long', quantity: '0.1' });
  open = (await user.get('contract/openList')).data;
  assert.equal(open.length, 2);
  assert.deepEqual(open.map((p: { parentOrderId: string }) => p.parentOrderId).sort(), [a.data.order.id, b.data.order.id].sort());
});

test('a retried request opens once; two opens racing for the same margin: one is refused', async () => {
  const user = await trader('1000');
  await tick({ bid: '50000', ask: '50000', last: '50000' });
  const requestId = rid();
  const first = await user.open({ side: 'long', quantity: '0.1', requestId });
  const again = await user.open({ side: 'long', quantity: '0.1', requestId });
  assert.equal(again.data.order.id, first.data.order.id);
  assert.equal(await user.available(), '495');
  // each needs 300 + fee 3 of the 495 left
  const race = await Promise.all([user.open({ side: 'short', quantity: '0.06' }), user.open({ side: 'short', quantity: '0.06' })]);
  assert.deepEqual(race.map((r) => r.code === 0).sort(), [false, true]);
  assert.ok(['marginAboveAvailable', 'insufficientBalance'].includes(race.find((r) => r.code !== 0)!.reason!));
});

test('pnpm ops: open positions and exposure per symbol; insurance top-up is a ledger transfer, audited', async () => {
  const lines: string[] = [];
  const context = { operator: 'ops-ana', db: async () => h.db, print: (line: string) => lines.push(line), clock: time.clock };
  await runCommand(['perp:positions'], context);
  assert.ok(lines.some((line) => /Exposure per symbol/.test(line)));
  assert.ok(lines.some((line) => /BTCUSDT {2}long/.test(line)));
  await post(h.db, { key: `seed-backoffice:${rid()}`, cause: { type: 'test', id: 'x' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: PLATFORM, mode: 'real', wallet: 'backoffice', asset: 'USDT' }, amount: '10000' },
  ] }, time.clock());
  const before = await available(h.db, { holder: PLATFORM, mode: 'real', wallet: 'insurance', asset: 'USDT' });
  await runCommand(['perp:insurance-topup', '5000', 'backoffice'], context);
  const after = await available(h.db, { holder: PLATFORM, mode: 'real', wallet: 'insurance', asset: 'USDT' });
  assert.equal(after, new Dec(before).plus(5000).toFixed());
  const audit = await h.db.query(`SELECT 1 FROM audit_log WHERE action = 'perp:insurance-topup'`);
  assert.equal(audit.rows.length, 1);
});

test('pnpm ops perp:positions sums the exposure per symbol and mode; perp:insurance-topup refuses bad input and moves exact amounts', async () => {
  await h.tick({ bid: '100', ask: '100', last: '100' }, 'LTCUSDT');
  const [a, b] = [await trader('10000'), await trader('10000')];
  for (const [user, side, quantity] of [[a, 'long', '2'], [b, 'short', '0.5'], [a, 'long', '1.25']] as const) {
    const opened = await user.open({ symbol: 'LTCUSDT', side, quantity });
    assert.equal(opened.code, 0, opened.msg);
  }
  const lines: string[] = [];
  const context = { operator: 'ops-ana', db: async () => h.db, print: (line: string) => lines.push(line), clock: time.clock };
  await runCommand(['perp:positions'], context);
  // margins at 10×: long 3.25 × 100 / 10 = 32.5 (merged), short 0.5 × 100 / 10 = 5
  assert.ok(lines.includes('  LTCUSDT  long 3.25  short 0.5  net 2.75  margin 37.5 USDT'), lines.join('\n'));
  lines.length = 0;
  await runCommand(['perp:positions', 'demo'], context);
  assert.ok(lines.includes('0 open position(s) (demo). Exposure per symbol:'), 'real positions are not counted in demo');
  await assert.rejects(runCommand(['perp:positions', 'paper'], context), /real or demo/);

  const insurance = (mode: 'real' | 'demo') => available(h.db, { holder: PLATFORM, mode, wallet: 'insurance', asset: 'USDT' });
  const fees = () => available(h.db, { holder: PLATFORM, mode: 'real', wallet: 'fees', asset: 'USDT' });
  const before = { real: await insurance('real'), demo: await insurance('demo'), fees: await fees() };
  for (const argv of [['perp:insurance-topup', '-5', 'fees'], ['perp:insurance-topup', '5', 'chain'], ['perp:insurance-topup', '5'], ['perp:insurance-topup', '5', 'fees', 'paper']]) {
    await assert.rejects(runCommand(argv, context), /usage|positive decimal|real or demo/, argv.join(' '));
  }
  assert.equal(await insurance('real'), before.real, 'a refused top-up moves nothing');
  await runCommand(['perp:insurance-topup', '0.000001', 'fees'], context);
  assert.equal(await insurance('real'), new Dec(before.real).plus('0.000001').toFixed());
  assert.equal(await fees(), new Dec(before.fees).minus('0.000001').toFixed());
  assert.equal(await insurance('demo'), before.demo);
  await runCommand(['perp:insurance-topup', '7', 'fees', 'demo'], context);
  assert.equal(await insurance('demo'), new Dec(before.demo).plus(7).toFixed());
  const audit = await h.db.query<{ detail: { amount: string; from: string } }>(`SELECT detail FROM audit_log WHERE action = 'perp:insurance-topup' ORDER BY id`);
  assert.deepEqual(audit.rows.slice(-2).map((r) => [r.detail.amount, r.detail.from]), [['0.000001', 'fees'], ['7', 'fees']], 'only the top-ups that happened are audited');
});
