import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { reserveStatuses } from '../../platform-kit/product/reserves.js';
import { DAY, HOUR, investWorld, ok, refused, type InvestWorld } from './test-support.js';

let w: InvestWorld;
before(async () => {
  w = await investWorld();
  await w.run('reserve:fund', 'smart-pool', '1000', '--request', 'fund-redeem');
});
afterEach(async () => w.verifyAll());
after(async () => w.close());

const buy = (token: string, productId: string, amount: string) => w.postCall('smartPool/buySmartPoolProduct', { productId, amount, orderNumber: w.rid('SP') }, token);
const redeem = (token: string, orderId: string) => w.postCall('smartPool/redeem', { orderId }, token);
type Order = { id: string; status: string; revenue: string; paidDays: number; earlyRedeem: { penaltyRate: string; penalty: string; returned: string } | null;
  redeemedEarly: { penalty: string; returned: string; receiptSeq: string } | null; redeemedAt: string | null };
const reserve = async () => (await reserveStatuses(w.db, 'smart-pool')).find((s) => s.mode === 'real')!;

test('early redemption: the frozen penalty stated before buying and on the order; principal less penalty back, penalty into the reserve, the rest cancelled once', async () => {
  const up = await w.user('1000');
  const u = await w.user('1000', up.invitationCode);
  ok(await buy(up.token, 'miner-s1', '20')); // the upline has level 1: it earns a tier-1 rebate on u's income
  // the penalty is part of the terms the purchase freezes, shown before buying
  const products = ok<{ id: string; earlyRedeemPenaltyRate: string | null }[]>(await w.get('smartPool/product/productList'));
  assert.equal(products.find((p) => p.id === 'miner-s1')!.earlyRedeemPenaltyRate, '0.05');
  const estimate = ok<{ earlyRedeemPenaltyRate: string; earlyRedeemPenalty: string }>(await w.get('smartPool/estimate?productId=miner-s1&amount=100'));
  assert.deepEqual([estimate.earlyRedeemPenaltyRate, estimate.earlyRedeemPenalty], ['0.05', '5']);
  const order = ok<Order>(await buy(u.token, 'miner-s1', '100'));
  assert.deepEqual(order.earlyRedeem, { penaltyRate: '0.05', penalty: '5', returned: '95' });
  // a later version's penalty reaches later purchases only
  await w.run('smart-pool:publish', 'miner-s1', '--penalty', '0.2');
  const before = await reserve();

  w.time.advance(DAY + 19 * HOUR); // 04:00 on the 3rd: the first income (0.5) and the upline's rebate (0.05)
  await w.payDue();
  const redeemed = ok<Order>(await redeem(u.token, order.id));
  assert.deepEqual([redeemed.status, redeemed.revenue, redeemed.paidDays, redeemed.earlyRedeem], ['redeemed', '0.5', 1, null]);
  assert.deepEqual([redeemed.redeemedEarly?.penalty, redeemed.redeemedEarly?.returned], ['5', '95']);
  assert.ok(redeemed.redeemedEarly?.receiptSeq);
  assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '95.5', frozen: '0' });
  // the reserve: minus the day's incomes (u 0.5, the upline 0.1) and rebate (0.05), plus the penalty (5); the order's 6
  // further incomes (3) and rebates (0.3) are no longer owed
  const now = await reserve();
  assert.equal((Number(before.balance) - Number(now.balance)).toFixed(6), (0.5 + 0.1 + 0.05 - 5).toFixed(6));
  assert.equal((Number(before.liability) - Number(now.liability)).toFixed(6), (0.5 + 0.1 + 0.05 + 3 + 0.3).toFixed(6));
  const penalty = await w.db.query<{ amount: string }>(
    `SELECT t.amount::text AS amount FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account WHERE a.wallet = 'reserve:smart-pool' AND a.mode = 'real'
      AND t.batch_id IN (SELECT id FROM ledger_batches WHERE cause_type = 'smart-pool')`);
  assert.deepEqual(penalty.rows.map((r) => Number(r.amount)), [5]);

  // a retry or a second tap answers the first redemption; nothing moves again
  assert.deepEqual(ok<Order>(await redeem(u.token, order.id)).redeemedEarly, redeemed.redeemedEarly);
  assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '95.5', frozen: '0' });
  // the days after: no income for u, no rebate from u for the upline; u has no miner level any more
  w.time.advance(7 * DAY);
  await w.payDue();
  assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '95.5', frozen: '0' });
  const upRebates = ok<{ list: { amount: string }[] }>(await w.get('smartPool/history-interest?kind=rebate', up.token));
  assert.deepEqual(upRebates.list.map((l) => l.amount), ['0.05']);
  assert.equal(ok<{ level: number }>(await w.get('smartPool/amount', u.token)).level, 0);
  // the cancelled payouts are not in the user's history
  assert.equal(ok<{ total: number }>(await w.get('smartPool/history', u.token)).total, 1);
  assert.equal(ok<{ total: number }>(await w.get('smartPool/userProductList?status=redeemed', u.token)).total, 1);

  // bought under the new version: its own frozen 20 %
  const later = ok<Order>(await buy(u.token, 'miner-s1', '20'));
  assert.deepEqual(later.earlyRedeem, { penaltyRate: '0.2', penalty: '4', returned: '16' });
});

test('refused: terms without early redemption, an order at its end, another user’s order; nothing moves', async () => {
  const u = await w.user('1000');
  const other = await w.user('0');
  await w.run('smart-pool:publish', 'miner-locked', '--penalty', 'none', '--days', '2');
  const locked = ok<Order>(await buy(u.token, 'miner-locked', '100'));
  assert.equal(locked.earlyRedeem, null);
  refused(await redeem(u.token, locked.id), 'smartPoolLocked');
  refused(await redeem(other.token, locked.id), 'notFound');
  const order = ok<Order>(await buy(u.token, 'miner-s1', '100'));
  refused(await redeem(other.token, order.id), 'notFound');
  w.time.advance(9 * DAY); // both orders' last incomes are due, not yet paid by the job
  refused(await redeem(u.token, order.id), 'smartPoolMatured');
  assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '0', frozen: '200' });
  await w.payDue();
  // at the end the principal comes back whole; "redeem" answers the order as it is
  const done = ok<Order>(await redeem(u.token, order.id));
  assert.deepEqual([done.status, done.redeemedEarly], ['redeemed', null]);
  assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: String(200 + 3.5 + 1), frozen: '0' });
});
