import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand } from '../../ops/all-commands.js';
import { perpetualHarness } from './test-support.js';

const h = perpetualHarness();
const HOUR = 3_600_000;

test('funding after downtime: each missed funding time is paid once; an operator’s cap change applies to positions opened after it only', async () => {
  // start just after a funding time so the times below are whole intervals away
  const t = h.time.clock().getTime();
  h.time.advance(Math.ceil(t / (8 * HOUR)) * 8 * HOUR - t + 60_000);
  const user = await h.trader('1000');
  await h.tick({ bid: '50000', ask: '50000', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.1' });
  assert.equal(opened.code, 0, opened.msg);
  // the job's run samples the mark and index (equal: premium 0, so the formula's rate is I = 0.0001); nothing is due
  assert.equal(await h.perp.fund(h.time.clock()), 0);

  // (the funding formula replaced the configured rate, migration 0031: the operator now bounds it with a cap instead
  // of setting it) an operator lowers the cap; `ops help` says open positions keep theirs. A position opened after it
  // takes the new cap. The server is then down for three times (no sample: premium 0).
  h.time.advance(HOUR);
  await runCommand(['trading:instrument-set', 'BTCUSDT', '--funding-cap', '0.00005'], { operator: 'ops-test', db: async () => h.db, print: () => undefined, clock: h.time.clock });
  await h.engine.instruments.reload();
  const later = await h.trader('1000');
  const openedLater = await later.open({ side: 'long', quantity: '0.1' });
  assert.equal(openedLater.code, 0, openedLater.msg);
  const before = await user.available();
  h.time.advance(3 * 8 * HOUR);
  assert.equal(await h.perp.fund(h.time.clock()), 6);
  assert.equal(await h.perp.fund(h.time.clock()), 0, 'a second run pays nothing again');

  const funding = (await user.get(`contract/detail?positionId=${opened.data.position.id}`)).data.funding;
  // 5000 × 0.0001 = 0.5 at every time: the position keeps the cap it was opened with
  assert.deepEqual(funding.map((f: { rate: string; amount: string }) => [f.rate, f.amount]), [['0.0001', '-0.5'], ['0.0001', '-0.5'], ['0.0001', '-0.5']]);
  const times = funding.map((f: { fundedAt: string }) => new Date(f.fundedAt).getTime());
  assert.deepEqual([times[1] - times[0], times[2] - times[1]], [8 * HOUR, 8 * HOUR], 'one payment per funding time');
  assert.equal(Number(await user.available()), Number(before) - 1.5);
  const laterFunding = (await later.get(`contract/detail?positionId=${openedLater.data.position.id}`)).data.funding;
  assert.deepEqual(laterFunding.map((f: { rate: string; amount: string }) => [f.rate, f.amount]), [['0.00005', '-0.25'], ['0.00005', '-0.25'], ['0.00005', '-0.25']],
    'the position opened after the change is bounded by the new cap');
  const { rows } = await h.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM receipts WHERE kind = 'funding'`);
  assert.equal(rows[0]!.n, '6', 'one receipt per payment');
  // the cap back for the test below
  await runCommand(['trading:instrument-set', 'BTCUSDT', '--funding-cap', '0.0075'], { operator: 'ops-test', db: async () => h.db, print: () => undefined, clock: h.time.clock });
  await h.engine.instruments.reload();
  for (const [who, pos] of [[user, opened], [later, openedLater]] as const) {
    assert.equal((await who.post('contract/closePosition', { positionId: pos.data.position.id, requestId: h.rid() })).code, 0);
  }
});

test('funding after downtime is paid at the mark recorded for each funding time, never a later one; a time nothing covers says so', async () => {
  const interval = 8 * HOUR;
  const t = h.time.clock().getTime();
  h.time.advance(Math.ceil(t / interval) * interval - t + 60_000);
  const t1 = Math.ceil(h.time.clock().getTime() / interval) * interval;
  const user = await h.trader('10000');
  await h.tick({ bid: '50000', ask: '50000', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.1' });
  assert.equal(opened.code, 0, opened.msg);
  const id = opened.data.position.id;
  // (the first test's position is still open: the counts below are of this position's payments)
  const paidSoFar = async () => (await user.get(`contract/detail?positionId=${id}`)).data.funding.length;
  await h.perp.fund(h.time.clock());
  assert.equal(await paidSoFar(), 0);

  // the last tick before the first funding time, 30 s before it
  h.time.advance(t1 - 30_000 - h.time.clock().getTime());
  await h.tick({ bid: '51000', ask: '51000', last: '51000' });
  // the server is down over t1; it comes back two hours later at another price
  h.time.advance(2 * HOUR + 30_000);
  await h.tick({ bid: '53000', ask: '53000', last: '53000' });
  await h.perp.fund(h.time.clock());
  assert.equal(await paidSoFar(), 1);
  // then down again over the next two funding times, back an hour after the second at yet another price
  h.time.advance(2 * interval - HOUR);
  await h.tick({ bid: '55000', ask: '55000', last: '55000' });
  await h.perp.fund(h.time.clock());
  assert.equal(await paidSoFar(), 3);

  const funding = (await user.get(`contract/detail?positionId=${id}`)).data.funding as { markPrice: string; markTime: string; markCovered: boolean; amount: string; fundedAt: string }[];
  assert.deepEqual(funding.map((f) => new Date(f.fundedAt).getTime()), [t1, t1 + interval, t1 + 2 * interval]);
  // (the formula's rate: bid = ask = last, premium 0, so I = 0.0001; this test expected the configured 0.0003 the first
  // test set before the formula replaced it) t1: 51000 recorded in its last minute, 0.1 × 51000 × 0.0001 = 0.51;
  // t2 and t3: nothing recorded near them,
  // so the closest earlier price, 53000 (its minute bar ended at t1 + 2 h + 1 min) — not 55000, recorded later
  assert.deepEqual(funding.map((f) => [f.markPrice, f.amount, f.markCovered]), [['51000', '-0.51', true], ['53000', '-0.53', false], ['53000', '-0.53', false]]);
  assert.equal(new Date(funding[0]!.markTime).getTime(), t1);
  assert.equal(new Date(funding[1]!.markTime).getTime(), t1 + 2 * HOUR + 60_000);
  for (const f of funding) assert.ok(new Date(f.markTime).getTime() <= new Date(f.fundedAt).getTime(), 'never a price from after the funding time');
  const { rows } = await h.db.query<{ payload: string }>(
    `SELECT r.payload FROM receipts r JOIN perp_funding p ON p.receipt_seq = r.seq WHERE p.position_id = $1 ORDER BY p.funding_time`,
    [id],
  );
  assert.deepEqual(rows.map((r) => { const p = JSON.parse(r.payload); return [p.mark, p.markCovered]; }), [['51000', true], ['53000', false], ['53000', false]], 'the receipts say so too');
});
