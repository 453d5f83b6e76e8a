import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../identity/test-support.js';
import { available, PLATFORM, post } from '../ledger/ledger.js';
import { runCommand } from '../../ops/all-commands.js';
import { perpetualHarness, rid } from './test-support.js';

const h = perpetualHarness();
const fund = () => available(h.db, { holder: PLATFORM, mode: 'real', wallet: 'insurance', asset: 'USDT' });
const lines: string[] = [];
const ops = (...argv: string[]) => runCommand(argv, { operator: 'ops-ana', db: async () => h.db, print: (line) => lines.push(line), clock: h.time.clock });

test('insurance:fund is a ledger transfer from a platform account, audited, never more than the source holds; the fund is public', async () => {
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  await post(h.db, { key: `seed-backoffice:${rid()}`, cause: { type: 'test', id: 'x' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: PLATFORM, mode: 'real', wallet: 'backoffice', asset: 'USDT' }, amount: '150' },
  ] }, h.time.clock());
  await assert.rejects(ops('insurance:fund', '200'), /backoffice \(real\) holds 150 USDT, less than 200/);
  await assert.rejects(ops('insurance:fund', '10', '--from', 'chain'), /--from is one of backoffice, fees/);
  await ops('insurance:fund', '100', '--from', 'backoffice');
  assert.equal(await fund(), '100');
  const audit = await h.db.query<{ detail: { amount: string; from: string } }>(`SELECT detail FROM audit_log WHERE action = 'insurance:fund'`);
  assert.deepEqual(audit.rows.map((r) => [r.detail.amount, r.detail.from]), [['100', 'backoffice']]);
  await ops('insurance:floor', '50');
  assert.equal((await h.db.query(`SELECT 1 FROM audit_log WHERE action = 'insurance:floor'`)).rows.length, 1);
  const market = await call(h.app, 'GET', 'contract/market?symbol=BTCUSDT');
  // (and, added by the funding formula, migration 0031, its estimate and last rate: funding-formula.test.ts)
  const { funding, ...rest } = market.data;
  assert.deepEqual(rest, { symbol: 'BTCUSDT', openInterest: '0', insuranceFund: '100' });
  assert.equal(funding.next.rate, '0.0001', 'nothing sampled yet: premium 0, the rate is I');
});

test('a bankruptcy the fund cannot cover: the fund pays to zero, the most profitable, most leveraged short is deleveraged at the bankruptcy price', async () => {
  const long = await h.trader('1000');
  const highLeverage = await h.trader('1000');
  const lowLeverage = await h.trader('3000');
  const l = (await long.open({ side: 'long', quantity: '0.1' })).data.position.id;
  const s1 = (await highLeverage.open({ side: 'short', quantity: '0.1', leverage: 20 })).data.position.id;
  const s2 = (await lowLeverage.open({ side: 'short', quantity: '0.1', leverage: 2 })).data.position.id;
  // the indicator: the more leveraged short is first in its side's queue
  await h.tick({ bid: '45999', ask: '46001', last: '46000' });
  const rank = async (trader: typeof long) => (await trader.get('contract/openList')).data[0].adlRank;
  assert.deepEqual([await rank(highLeverage), await rank(lowLeverage), await rank(long)], [5, 3, 5]);
  assert.equal((await call(h.app, 'GET', 'contract/market?symbol=BTCUSDT')).data.openInterest, '0.3');

  // a gap to 40000: the long (entry 50001, margin 500.01) loses 1000.1, 500.09 beyond its margin; the fund holds 100
  await h.tick({ bid: '39999', ask: '40001', last: '40000' });
  const liquidated = (await long.get(`contract/detail?positionId=${l}`)).data;
  assert.deepEqual([liquidated.position.status, liquidated.position.closeType], ['closed', 'liquidation']);
  assert.deepEqual([liquidated.liquidation.shortfall, liquidated.liquidation.uncovered, liquidated.liquidation.bankruptcyPrice], ['100', '400.09', '45000.9']);
  assert.equal(await fund(), '0', 'the fund never goes below zero');

  // 400.09 / (45000.9 − 40000) = 0.0800036… → 0.08001 (5 amount decimals, up) of the 20× short closed at 45000.9, fee-free
  const adl = (await highLeverage.get(`contract/detail?positionId=${s1}`)).data;
  const fill = adl.fills.at(-1);
  assert.deepEqual([fill.kind, fill.closeType, fill.price, fill.quantity, fill.fee], ['adl', 'adl', '45000.9', '0.08001', '0']);
  assert.deepEqual([fill.evidence.reason, fill.evidence.bankruptcyPrice, fill.evidence.liquidatedPositionId, fill.evidence.markPrice, fill.evidence.last], ['adl', '45000.9', l, '40000', '40000.00']);
  // (49999 − 45000.9) × 0.08001 realised, at the bankruptcy price rather than the mark
  assert.equal(fill.realisedPnl, '399.897981');
  assert.deepEqual([adl.position.status, adl.position.quantity], ['open', '0.01999']);
  const untouched = (await lowLeverage.get(`contract/detail?positionId=${s2}`)).data;
  assert.deepEqual([untouched.position.quantity, untouched.fills.length], ['0.1', 1], 'the recovered loss stops the queue');

  const notified = await h.db.query<{ userId: string; params: Record<string, string> }>(`SELECT user_id::text AS "userId", params FROM notifications WHERE kind = 'perp.adl'`);
  assert.deepEqual(notified.rows, [{ userId: highLeverage.uid, params: { symbol: 'BTCUSDT', quantity: '0.08001', price: '45000.9' } }]);
  const alerts = await h.db.query<{ balance: string; floor: string; positionId: string }>(
    `SELECT trim_scale(balance)::text AS balance, trim_scale(floor)::text AS floor, position_id::text AS "positionId" FROM insurance_alerts`,
  );
  assert.deepEqual(alerts.rows, [{ balance: '0', floor: '50', positionId: l }], 'one alert: the fund fell below its floor');
  lines.length = 0;
  await ops('insurance:status');
  assert.match(lines[0]!, /Insurance fund \(real\): 0 USDT, floor 50 USDT {2}BELOW THE FLOOR/);
  assert.match(lines[1]!, /balance 0 < floor 50/);
});

test('a funding payment beyond available and margin: the fund pays up to its balance, never below zero', async () => {
  assert.equal(await fund(), '0');
  // (the funding formula replaced the configured rate, migration 0031: an operator can no longer set 0.0499, only
  // allow it with the cap; a last price 5 % above the index makes the premium 0.05, so the rate is 0.05 − c = 0.0495)
  await ops('trading:instrument-set', 'BTCUSDT', '--funding-cap', '0.0499');
  await h.engine.instruments.reload();
  await h.tick({ bid: '39999', ask: '40001', last: '42000' });
  const user = await h.trader('1000');
  const opened = await user.open({ side: 'long', quantity: '0.1', leverage: 100 });
  assert.equal(opened.code, 0, opened.msg);
  await h.perp.fund(h.time.clock()); // the job samples the premium of this interval
  // nothing left beside the margin: the payment (≈ 4200 × 0.0495 = 207.9) takes the margin (≈ 40) and is short the rest
  await post(h.db, { key: `drain:${rid()}`, cause: { type: 'test', id: 'x' }, moves: [
    { from: { holder: user.uid, mode: 'real', wallet: 'contract', asset: 'USDT' }, to: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, amount: await user.available() },
  ] }, h.time.clock());
  h.time.advance(8 * 3_600_000);
  assert.ok((await h.perp.fund(h.time.clock())) >= 1);
  const paid = (await user.get(`contract/detail?positionId=${opened.data.position.id}`)).data;
  assert.equal(paid.funding.length, 1);
  assert.equal(paid.position.margin, '0', 'the margin paid what it could');
  assert.equal(await fund(), '0', 'the empty fund paid nothing and is not negative');
});

test('ADL never turns a gain into a loss: an opposite position in profit at the mark but not at the bankruptcy price is left open', async () => {
  const tick = (price: string) => h.tick({ bid: price, ask: price, last: price }, 'LTCUSDT');
  const short = await h.trader('1000');
  assert.equal((await short.post('contract/settings', { marginMode: 'cross' })).code, 0);
  await tick('45');
  const x = (await short.open({ symbol: 'LTCUSDT', side: 'short', quantity: '1', leverage: 1 })).data.position.id;
  await tick('100');
  const long = await h.trader('1000');
  const l = (await long.open({ symbol: 'LTCUSDT', side: 'long', quantity: '1', leverage: 2 })).data.position.id;
  // the long (entry 100, margin 50) is bankrupt at 50; at 40 it is 10 short, the fund is empty. The short from 45
  // is in profit at 40 but would lose 5 at 50: it is not deleveraged, the broker bears the 10
  await tick('40');
  const liquidated = (await long.get(`contract/detail?positionId=${l}`)).data;
  assert.deepEqual([liquidated.position.closeType, liquidated.liquidation.shortfall, liquidated.liquidation.uncovered, liquidated.liquidation.bankruptcyPrice], ['liquidation', '0', '10', '50']);
  const kept = (await short.get(`contract/detail?positionId=${x}`)).data;
  assert.deepEqual([kept.position.status, kept.position.quantity, kept.fills.length], ['open', '1', 1]);
  assert.equal((await h.db.query(`SELECT 1 FROM notifications WHERE kind = 'perp.adl' AND user_id = $1`, [short.uid])).rows.length, 0);
  assert.equal(await fund(), '0');
});
