import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand } from '../../ops/all-commands.js';
import { boundedBy, fundingRateOf, premiumOf } from './funding-formula.js';
import { perpetualHarness } from './test-support.js';

const h = perpetualHarness();
const HOUR = 3_600_000;
const ops = (...args: string[]) => runCommand(args, { operator: 'ops-test', db: async () => h.db, print: () => undefined, clock: h.time.clock });

test('the formula, pure: F = P + clamp(I − P, ±c), bounded to ±cap', () => {
  const formula = { interestRate: '0.0001', clamp: '0.0005', cap: '0.0075' };
  // a premium within c of I pays I; beyond it, the premium less (or plus) the clamp
  assert.equal(fundingRateOf('0.0003', formula), '0.0001');
  assert.equal(fundingRateOf('0.002', formula), '0.0015');
  assert.equal(fundingRateOf('-0.002', formula), '-0.0015');
  assert.equal(fundingRateOf('0.02', formula), '0.0075', 'bounded by the cap');
  assert.equal(fundingRateOf('-0.02', formula), '-0.0075');
  assert.equal(boundedBy('0.0003', '0.0001'), '0.0001');
  assert.deepEqual(premiumOf([]), { premium: '0', mark: null, index: null, count: 0 }, 'no sample: premium 0, the rate is then I');
});

test('funding by the published formula: the rate follows the recorded mark and index, computed once; the cap bounds it, an operator’s cap change binds later positions only; re-runs and a restart pay nothing twice', async () => {
  // just after a funding time T0, so the samples below fall in the interval that ends at T1 = T0 + 8 h
  const t = h.time.clock().getTime();
  h.time.advance(Math.ceil(t / (8 * HOUR)) * 8 * HOUR - t + 60_000);
  const t1 = Math.ceil(h.time.clock().getTime() / (8 * HOUR)) * 8 * HOUR;
  const a = await h.trader('10000');
  // the mark is the last price, the index the middle of bid and ask: premium (50100 − 50000) / 50000 = 0.002
  await h.tick({ bid: '49990', ask: '50010', last: '50100' });
  const openedA = await a.open({ side: 'long', quantity: '0.1' });
  assert.equal(openedA.code, 0, openedA.msg);
  assert.equal(await h.perp.fund(h.time.clock()), 0, 'the job samples the minute; nothing is due');

  // (50050 − 50000) / 50000 = 0.001
  h.time.advance(HOUR);
  await h.tick({ bid: '49990', ask: '50010', last: '50050' });
  await h.perp.fund(h.time.clock());

  // the operator cannot aim the rate, only bound it (or set I) for positions opened after the change
  await assert.rejects(ops('trading:instrument-set', 'BTCUSDT', '--funding-rate', '0.0003'), /published formula/);
  await assert.rejects(ops('trading:instrument-set', 'BTCUSDT', '--funding-interest', '0.001'), /fundingInterestRate/, '|I| ≤ c');
  await ops('trading:instrument-set', 'BTCUSDT', '--funding-cap', '0.0001');
  await h.engine.instruments.reload();
  const b = await h.trader('10000');
  const openedB = await b.open({ side: 'long', quantity: '0.1' });
  assert.equal(openedB.code, 0, openedB.msg);

  // (50000 − 50050) / 50050 = −0.000999000999…
  h.time.advance(HOUR);
  await h.tick({ bid: '50040', ask: '50060', last: '50000' });
  await h.perp.fund(h.time.clock());

  // the server is down over T1, back half an hour later at another price (not sampled for T1: after it)
  h.time.advance(t1 + 30 * 60_000 - h.time.clock().getTime());
  await h.tick({ bid: '50000', ask: '50000', last: '52000' });
  assert.equal(await h.perp.fund(h.time.clock()), 2);

  // by hand: P = (0.002 + 0.001 − 0.000999000999000999…) / 3 = 0.000666999666999667 (18 decimals, half up);
  // I − P = −0.000566999… is beyond c = 0.0005, so F = P − 0.0005 = 0.000166999666999667 → 0.00016700 (8 decimals)
  const { rows } = await h.db.query<Record<string, string | number>>(
    `SELECT trim_scale(rate)::text AS rate, trim_scale(premium)::text AS premium, trim_scale(mark_price)::text AS mark, trim_scale(index_price)::text AS index,
            sample_count AS samples, trim_scale(interest_rate)::text AS i, trim_scale(clamp)::text AS c, trim_scale(cap)::text AS cap
       FROM perp_funding_rates WHERE symbol = 'BTCUSDT' AND funding_time = $1`,
    [new Date(t1)],
  );
  // the symbol's row is under the terms in force at T1 (cap 0.0001): 0.000167 bounded to 0.0001
  assert.deepEqual(rows, [{ rate: '0.0001', premium: '0.000666999666999667', mark: '50050', index: '50016.666666666666666667', samples: 3, i: '0.0001', c: '0.0005', cap: '0.0001' }]);

  const paid = async (user: typeof a, id: string) => (await user.get(`contract/detail?positionId=${id}`)).data.funding as { rate: string; amount: string; markPrice: string }[];
  const fundingA = await paid(a, openedA.data.position.id);
  const fundingB = await paid(b, openedB.data.position.id);
  assert.deepEqual(fundingA.map((f) => f.rate), ['0.000167'], 'A keeps the cap it was opened with (0.75 %): the formula’s own value');
  assert.deepEqual(fundingB.map((f) => f.rate), ['0.0001'], 'B, opened after the change, is bounded by its cap');
  // a long pays quantity × mark × rate
  for (const f of [...fundingA, ...fundingB]) assert.ok(Math.abs(Number(f.amount) + 0.1 * Number(f.markPrice) * Number(f.rate)) < 1e-9, `${f.amount} at ${f.markPrice} × ${f.rate}`);
  const receipt = await h.db.query<{ payload: string }>(
    `SELECT r.payload FROM receipts r JOIN perp_funding p ON p.receipt_seq = r.seq WHERE p.position_id = $1`, [openedA.data.position.id]);
  assert.deepEqual(JSON.parse(receipt.rows[0]!.payload).formula, { premium: '0.000666999666999667', samples: 3, interestRate: '0.0001', clamp: '0.0005', cap: '0.0075' },
    'the receipt carries the inputs and the position’s own parameters');

  // re-runs, later samples and a restart change nothing already recorded or paid
  assert.equal(await h.perp.fund(h.time.clock()), 0);
  h.time.advance(60_000);
  await h.tick({ bid: '50000', ask: '50000', last: '53000' });
  await h.perp.fund(h.time.clock());
  await h.app.close();
  await h.start();
  assert.equal(await h.perp.fund(h.time.clock()), 0, 'nothing is paid twice');
  const again = await h.db.query<{ rate: string; n: string }>(
    `SELECT trim_scale(rate)::text AS rate, (SELECT count(*)::text FROM perp_funding) AS n FROM perp_funding_rates WHERE symbol = 'BTCUSDT' AND funding_time = $1`, [new Date(t1)]);
  assert.deepEqual(again.rows, [{ rate: '0.0001', n: '2' }]);

  // the perpetual header's market call shows the last rate with its inputs and the estimate for the coming time
  const market = (await a.get('contract/market?symbol=BTCUSDT')).data;
  assert.match(market.funding.formula, /clamp\(I − P/);
  assert.deepEqual([market.funding.last.rate, market.funding.last.premium, market.funding.last.samples, market.funding.last.cap], ['0.0001', '0.000666999666999667', 3, '0.0001']);
  assert.equal(market.funding.next.fundingTime, new Date(t1 + 8 * HOUR).toISOString());
  // the two samples since T1: (52000 − 50000) / 50000 and (53000 − 50000) / 50000 average 0.05, far beyond the cap
  assert.deepEqual([market.funding.next.samples, market.funding.next.premium, market.funding.next.rate], [2, '0.05', '0.0001']);
});
