import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { DAY, investWorld, ok, refused, type InvestWorld } from '../smart-pool/test-support.js';

let w: InvestWorld;
before(async () => {
  w = await investWorld();
});
afterEach(async () => w.verifyAll());
after(async () => w.close());

type Order = { id: string; status: string; interest: string; amount: string; maturesAt: string; paidAt: string | null };

test('financing: estimate to the cent, coverage, one subscription per request id, interest and principal at maturity', async () => {
  const products = ok<{ id: string; minAmount: string; durationDays: number; soldOut: boolean }[]>(await w.get('product/productList'));
  assert.deepEqual(products.map((p) => [p.id, p.minAmount, p.durationDays, p.soldOut]), [['fin-30', '20', 30, true], ['fin-90', '20', 90, true], ['fin-180', '100', 180, true]]);
  assert.deepEqual(ok<{ days: number }[]>(await w.get('manage-rate/list-time')).map((d) => d.days).sort((x, y) => x - y), [30, 90, 180]);
  assert.deepEqual(ok(await w.get('manage-rate/get-profit-rate?days=90')), [{ productId: 'fin-90', days: 90, annualRate: '0.08' }]);
  // 1000 × 6 % × 30 / 365 = 4.9315… → 4.93
  const estimate = ok<{ interest: string; total: string; days: number; dayBasis: number; maturesAt: string; covered: boolean }>(await w.get('product/estimatedAmount?productId=fin-30&amount=1000'));
  assert.deepEqual([estimate.interest, estimate.total, estimate.days, estimate.dayBasis, estimate.maturesAt, estimate.covered], ['4.93', '1004.93', 30, 365, '2026-03-31T09:00:00.000Z', false]);
  refused(await w.get('product/estimatedAmount?productId=fin-30&amount=19'), 'investBelowMinimum');

  const u = await w.user('2000');
  const requestId = w.rid('FIN');
  refused(await w.postCall('product/buyFinanceProduct', { productId: 'fin-30', amount: '1000', requestId }, u.token), 'productSoldOut');
  assert.deepEqual(await w.wallet(u.uid, 'platform'), { available: '2000', frozen: '0' });
  await w.run('reserve:fund', 'financing', '4.93', '--request', 'fund-fin-1');
  const answers = await Promise.all(Array.from({ length: 10 }, () => w.postCall('product/buyFinanceProduct', { productId: 'fin-30', amount: '1000', requestId }, u.token)));
  const order = ok<Order>(answers[0]!);
  for (const a of answers) assert.equal(ok<Order>(a).id, order.id);
  assert.deepEqual([order.status, order.interest, order.amount], ['holding', '4.93', '1000']);
  assert.deepEqual(await w.wallet(u.uid, 'platform'), { available: '1000', frozen: '0' });
  assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '0', frozen: '1000' });
  assert.deepEqual(ok(await w.get('product/summary', u.token)), [
    { asset: 'USDT', invested: '1000', holding: 1, interestPaid: '0', nextMaturityAt: '2026-03-31T09:00:00.000Z' },
  ]);
  refused(await w.postCall('product/buyFinanceProduct', { productId: 'fin-30', amount: '20', requestId: w.rid('FIN') }, u.token), 'productSoldOut');
  refused(await w.postCall('product/buyFinanceProduct', { productId: 'fin-30', amount: '20.001', requestId: w.rid('FIN') }, u.token), 'invalidAmount');

  w.time.advance(30 * DAY - 1000);
  await w.payDue();
  assert.equal(ok<{ list: Order[] }>(await w.get('product/userProductList', u.token)).list[0]!.status, 'holding');
  w.time.advance(1000);
  await w.payDue();
  await w.payDue();
  const matured = ok<{ total: number; list: Order[] }>(await w.get('product/userProductList?status=matured', u.token));
  assert.equal(matured.total, 1);
  assert.ok(matured.list[0]!.paidAt);
  assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '1004.93', frozen: '0' });
  // the earn screen's income to date counts the interest paid, and nothing is held any more
  assert.deepEqual(ok(await w.get('product/summary', u.token)), [{ asset: 'USDT', invested: '0', holding: 0, interestPaid: '4.93', nextMaturityAt: null }]);
});

test('financing: operators publish a new version for later subscriptions only (audited); the demo ledger has its own backed reserve', async () => {
  const u = await w.user('0');
  await w.run('financing:publish', 'fin-90', '--rate', '0.09');
  const audit = await w.db.query<{ actor: string }>(`SELECT actor FROM audit_log WHERE action = 'terms:publish' AND target = 'financing:fin-90' ORDER BY id DESC LIMIT 1`);
  assert.equal(audit.rows[0]!.actor, 'ops-mara');
  const demo = ok<{ id: string; annualRate: string; soldOut: boolean }[]>(await w.get('product/productList', undefined, { usertype: 'demo' }));
  assert.deepEqual(demo.find((p) => p.id === 'fin-90'), { ...demo.find((p) => p.id === 'fin-90'), annualRate: '0.09', soldOut: false });
  // the demo wallet is funded by the demo account; the purchase moves demo money only
  refused(await w.postCall('product/buyFinanceProduct', { productId: 'fin-90', amount: '100', requestId: w.rid('FIN') }, u.token, { usertype: 'demo' }), 'insufficientBalance');
  // once the demo account is issued its play money (its first demo wallet read), the same subscription goes
  // through on the demo ledger, against the demo reserve, and the real wallets never move
  ok(await w.postCall('account/list', {}, u.token, { usertype: 'demo' }));
  const demoOrder = ok<Order>(await w.postCall('product/buyFinanceProduct', { productId: 'fin-90', amount: '100', requestId: w.rid('FIN') }, u.token, { usertype: 'demo' }));
  assert.deepEqual([demoOrder.status, demoOrder.interest], ['holding', '2.21']); // 100 × 9 % × 90 / 365 = 2.219… → 2.21
  assert.deepEqual(await w.wallet(u.uid, 'wealth', 'demo'), { available: '0', frozen: '100' });
  assert.deepEqual(await w.wallet(u.uid, 'wealth'), { available: '0', frozen: '0' });
  assert.equal(ok<{ total: number }>(await w.get('product/userProductList', u.token)).total, 0);
  await assert.rejects(w.run('financing:publish', 'fin-90', '--min', '5'), /never below 20/);
});
