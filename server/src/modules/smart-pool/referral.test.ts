import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { DAY, investWorld, ok, type InvestWorld } from './test-support.js';

let w: InvestWorld;
before(async () => {
  w = await investWorld();
  await w.run('reserve:fund', 'smart-pool', '100000', '--request', 'fund-referral');
});
afterEach(async () => w.verifyAll());
after(async () => w.close());

const buy = (token: string, productId: string, amount: string) => w.postCall('smartPool/buySmartPoolProduct', { productId, amount, orderNumber: w.rid('SP') }, token);
type Summary = { level: number; rebates: string; team: { tier: number; members: number; rebates: string }[] };

test('three tiers: a rebate goes only to an upline whose miner level is at least the downline’s, at the frozen rate', async () => {
  // A ← B ← C ← D (each signed up with the code of the one before)
  const a = await w.user('10000');
  const b = await w.user('10000', a.invitationCode);
  const c = await w.user('10000', b.invitationCode);
  const d = await w.user('10000', c.invitationCode);
  ok(await buy(a.token, 'miner-s2', '100')); // A: level 2
  ok(await buy(c.token, 'miner-s1', '100')); // C: level 1; B (level 0) earns nothing, A (tier 2) does
  const tiersOf = async (buyer: string) =>
    (await w.db.query<{ tier: number; upline: string; rate: string }>(
      `SELECT r.tier, r.upline_id::text AS upline, r.rate::text AS rate FROM smart_pool_rebates r JOIN smart_pool_orders o ON o.id = r.order_id
        WHERE o.user_id = $1 ORDER BY o.id, r.tier`, [buyer])).rows.map((r) => [Number(r.tier), r.upline, Number(r.rate)]);
  assert.deepEqual(await tiersOf(c.uid), [[2, a.uid, 0.05]]);
  ok(await buy(d.token, 'miner-s1', '100')); // level 1: C (tier 1, level 1) and A (tier 3, level 2); not B (level 0)
  assert.deepEqual(await tiersOf(d.uid), [[1, c.uid, 0.1], [3, a.uid, 0.02]]);
  ok(await buy(d.token, 'miner-s2', '100')); // D now level 2: C (level 1) no longer qualifies; A (level 2) does
  assert.deepEqual((await tiersOf(d.uid)).slice(2), [[3, a.uid, 0.02]]);
  // a later terms version reaches later purchases only
  await w.run('smart-pool:publish', 'miner-s1', '--rebates', '0.2,0.1,0.05');
  ok(await buy(d.token, 'miner-s1', '100'));
  assert.deepEqual((await tiersOf(d.uid)).slice(3), [[3, a.uid, 0.05]]);

  // the first income day: C's income 0.5 gives A 0.025 (tier 2); D's s1 0.5 gives C 0.05 and A 0.01; D's s2 0.8 gives A 0.016;
  // D's second s1 (v2 rates) gives A 0.025
  w.time.advance(2 * DAY);
  await w.payDue();
  const sa = ok<Summary>(await w.get('smartPool/amount', a.token));
  assert.equal(sa.level, 2);
  assert.deepEqual(sa.team.map((t) => [t.members, t.rebates]), [[1, '0'], [1, '0.025'], [1, '0.051']]);
  const sc = ok<Summary>(await w.get('smartPool/amount', c.token));
  assert.deepEqual([sc.rebates, sc.team[0]!.rebates], ['0.05', '0.05']);
  const sb = ok<Summary>(await w.get('smartPool/amount', b.token));
  assert.equal(sb.rebates, '0');
  assert.deepEqual(await w.wallet(c.uid, 'wealth'), { available: '0.55', frozen: '100' });
  const rebates = ok<{ list: { kind: string; tier: number; amount: string }[] }>(await w.get('smartPool/history-interest?kind=rebate', a.token));
  assert.deepEqual(rebates.list.map((l) => [l.kind, l.tier, l.amount]).sort(), [['rebate', 2, '0.025'], ['rebate', 3, '0.01'], ['rebate', 3, '0.016'], ['rebate', 3, '0.025']]);
});
