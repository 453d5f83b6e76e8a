import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { DAY, HOUR, investWorld, ok, refused, type InvestWorld } from './test-support.js';

let w: InvestWorld;
before(async () => {
  w = await investWorld();
});
afterEach(async () => w.verifyAll());
after(async () => w.close());

const buy = (token: string, productId: string, amount: string, orderNumber = w.rid('SP')) =>
  w.postCall('smartPool/buySmartPoolProduct', { productId, amount, orderNumber }, token);

describe('smart pool', () => {
  test('seeded miners show their terms and reserve; an unfunded real reserve is sold out, the demo one is backed', async () => {
    const real = ok<{ id: string; soldOut: boolean; reserve: { balance: string }; payoutHour: number; timeZone: string }[]>(await w.get('smartPool/product/productList'));
    assert.deepEqual(real.map((p) => [p.id, p.soldOut, p.reserve.balance]), [['miner-s1', true, '0'], ['miner-s2', true, '0'], ['miner-s3', true, '0']]);
    assert.deepEqual([real[0]!.payoutHour, real[0]!.timeZone], [4, 'UTC']);
    const demo = ok<{ soldOut: boolean; reserve: { balance: string } }[]>(await w.get('smartPool/product/productList', undefined, { usertype: 'demo' }));
    assert.deepEqual(demo.map((p) => [p.soldOut, p.reserve.balance]), [[false, '1000000'], [false, '1000000'], [false, '1000000']]);
  });

  test('coverage: refused while the reserve cannot back it, nothing moves; accepted once the operator funds it', async () => {
    const u = await w.user('1000');
    refused(await buy(u.token, 'miner-s1', '100'), 'productSoldOut');
    assert.deepEqual(await w.wallet(u.uid, 'platform'), { available: '1000', frozen: '0' });
    // 7 days × 0.5 + three rebate tiers at most: 3.5 + 0.35 + 0.175 + 0.07 = 4.095
    const estimate = ok<{ dailyIncome: string; estimatedInterest: string; interestAt: string; endsAt: string; liabilityAdded: string; covered: boolean }>(
      await w.get('smartPool/estimate?productId=miner-s1&amount=100'));
    assert.deepEqual([estimate.dailyIncome, estimate.estimatedInterest, estimate.liabilityAdded, estimate.covered], ['0.5', '3.5', '4.095', false]);
    // bought at 09:00 on the 1st: the first 04:00 at least 24 hours later is the 3rd
    assert.deepEqual([estimate.interestAt, estimate.endsAt], ['2026-03-03T04:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    await w.run('reserve:fund', 'smart-pool', '4.095', '--request', 'fund-sp-1');
    const order = ok<{ status: string; amount: string; orderNumber: string }>(await buy(u.token, 'miner-s1', '100'));
    assert.deepEqual([order.status, order.amount], ['locked', '100']);
    assert.deepEqual(await w.wallet(u.uid, 'platform'), { available: '900', frozen: '0' });
    // the wealth wallet holds what was invested
    assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '0', frozen: '100' });
    // the reserve is now fully committed (this buyer has no uplines: 3.5 owed of 4.095)
    refused(await buy(u.token, 'miner-s1', '20'), 'productSoldOut');
  });

  test('bad input is refused with its key and moves nothing', async () => {
    const u = await w.user('50');
    refused(await buy(u.token, 'miner-s1', '19.99'), 'investBelowMinimum');
    refused(await buy(u.token, 'miner-s1', '10001'), 'investAboveMaximum');
    refused(await buy(u.token, 'miner-s1', '0'), 'invalidAmount');
    refused(await buy(u.token, 'miner-s1', '100000000000000001'), 'invalidAmount');
    refused(await buy(u.token, 'no-such-miner', '100'), 'investProductUnavailable');
    await w.run('reserve:fund', 'smart-pool', '100', '--request', 'fund-sp-2');
    refused(await buy(u.token, 'miner-s1', '60'), 'insufficientBalance');
    assert.deepEqual(await w.wallet(u.uid, 'platform'), { available: '50', frozen: '0' });
    const mine = ok<{ total: number }>(await w.get('smartPool/userProductList', u.token));
    assert.equal(mine.total, 0);
  });

  test('a retried purchase (same order number, even twenty at once) buys once; another body under it is refused', async () => {
    const u = await w.user('500');
    const { orderNumber } = ok<{ orderNumber: string }>(await w.get('smartPool/order-number', u.token));
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(u.token, 'miner-s1', '100', orderNumber)));
    const ids = new Set(answers.map((a) => ok<{ id: string }>(a).id));
    assert.equal(ids.size, 1);
    assert.equal(ok<{ orderNumber: string }>(answers[0]!).orderNumber, orderNumber);
    refused(await buy(u.token, 'miner-s1', '200', orderNumber), 'requestIdReused');
    assert.deepEqual(await w.wallet(u.uid, 'platform'), { available: '400', frozen: '0' });
    assert.equal(ok<{ total: number }>(await w.get('smartPool/userProductList', u.token)).total, 1);
  });

  test('incomes: at 04:00 once 24 hours have passed, each day once (catching up), the principal with the last', async () => {
    const u = await w.user('100');
    const order = ok<{ id: string }>(await buy(u.token, 'miner-s1', '100'));
    w.time.advance(DAY + 19 * HOUR - 60_000); // 2026-03-03T03:59
    await w.payDue();
    let mine = ok<{ list: { revenue: string; paidDays: number; status: string; nextPayoutAt: string }[] }>(await w.get('smartPool/userProductList', u.token)).list[0]!;
    assert.deepEqual([mine.paidDays, mine.nextPayoutAt], [0, '2026-03-03T04:00:00.000Z']);
    w.time.advance(60_000); // 04:00 on the 3rd
    await w.payDue();
    mine = ok<typeof mine extends infer T ? { list: T[] } : never>(await w.get('smartPool/userProductList', u.token)).list[0]!;
    assert.deepEqual([mine.paidDays, mine.revenue, mine.status], [1, '0.5', 'locked']);
    assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '0.5', frozen: '100' });
    // the server was down three days: the next run pays the 4th, 5th and 6th, once each, in order
    w.time.advance(3 * DAY + HOUR);
    await w.payDue();
    await w.payDue();
    mine = ok<typeof mine extends infer T ? { list: T[] } : never>(await w.get('smartPool/userProductList', u.token)).list[0]!;
    assert.deepEqual([mine.paidDays, mine.revenue], [4, '2']);
    const history = ok<{ list: { seq: number; status: string; receiptSeq: string | null }[] }>(await w.get('smartPool/history-interest', u.token));
    assert.deepEqual(history.list.map((l) => l.seq), [4, 3, 2, 1]);
    assert.ok(history.list.every((l) => l.status === 'paid' && l.receiptSeq));
    w.time.advance(3 * DAY); // the 9th, 05:00: the last income and the principal
    await w.payDue();
    mine = ok<typeof mine extends infer T ? { list: T[] } : never>(await w.get('smartPool/userProductList?status=redeemed', u.token)).list[0]!;
    assert.deepEqual([mine.paidDays, mine.revenue, mine.status], [7, '3.5', 'redeemed']);
    assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '103.5', frozen: '0' });
    assert.equal(ok<{ status: string }>(await w.postCall('smartPool/redeem', { orderId: order.id }, u.token)).status, 'redeemed');
  });
});
