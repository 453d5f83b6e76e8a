import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand } from '../../ops/all-commands.js';
import { perpetualHarness } from './test-support.js';

const h = perpetualHarness();
const HOUR = 3_600_000;

test('funding after downtime: each missed funding time is paid once, at the rate recorded for that time', async () => {
  // start just after a funding time so the times below are whole intervals away
  const t = h.time.clock().getTime();
  h.time.advance(Math.ceil(t / (8 * HOUR)) * 8 * HOUR - t + 60_000);
  const user = await h.trader('1000');
  await h.tick({ bid: '50000', ask: '50000', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.1' });
  assert.equal(opened.code, 0, opened.msg);
  // the job's run publishes the coming time's rate (0.0001) before anything is due
  assert.equal(await h.perp.fund(h.time.clock()), 0);

  // an operator raises the rate after the first time was published; the server is then down for three times
  h.time.advance(HOUR);
  await runCommand(['trading:instrument-set', 'BTCUSDT', '--funding-rate', '0.0003'], { operator: 'ops-test', db: async () => h.db, print: () => undefined, clock: h.time.clock });
  await h.engine.instruments.reload();
  const before = await user.available();
  h.time.advance(3 * 8 * HOUR);
  assert.equal(await h.perp.fund(h.time.clock()), 3);
  assert.equal(await h.perp.fund(h.time.clock()), 0, 'a second run pays nothing again');

  const funding = (await user.get(`contract/detail?positionId=${opened.data.position.id}`)).data.funding;
  // 5000 × 0.0001 = 0.5 for the published time, 5000 × 0.0003 = 1.5 for the two after the change
  assert.deepEqual(funding.map((f: { rate: string; amount: string }) => [f.rate, f.amount]), [['0.0001', '-0.5'], ['0.0003', '-1.5'], ['0.0003', '-1.5']]);
  const times = funding.map((f: { fundedAt: string }) => new Date(f.fundedAt).getTime());
  assert.deepEqual([times[1] - times[0], times[2] - times[1]], [8 * HOUR, 8 * HOUR], 'one payment per funding time');
  assert.equal(Number(await user.available()), Number(before) - 3.5);
  const { rows } = await h.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM receipts WHERE kind = 'funding'`);
  assert.equal(rows[0]!.n, '3', 'one receipt per payment');
});
