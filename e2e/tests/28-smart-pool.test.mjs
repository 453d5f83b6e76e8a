// The smart pool and wealth financing as a new user meets them: the miners with their terms and the reserve
// behind each, a purchase (amount, estimate, the confirmation screen with its order number, the dialog, the
// receipt), a financing subscription on the desktop (the exact estimate, the dialog, the receipt), both holdings in
// the wallet (the earn section of mf_invest inside mf_accounts's wallet), then the server restarted two days later
// on the same data (MERIDIAN_TEST_CLOCK): the product.payouts job pays the incomes due at 04:00 and the history
// shows them with their receipts. Phone and desktop, English, German and Japanese, with screenshots.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { runOps, startPlatform, useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-28-'));
const ENV = { MOBILE_ONLY: 'false', DATA_DIR, MERIDIAN_TEST_CLOCK: '2026-06-10T09:00:00Z', SESSION_TTL_HOURS: '720' };
const h = useHarness({ env: ENV });
after(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));

const state = { user: null };
const api = (route, options) => users.api(h, route, { token: state.user?.token, ...options });
const withPage = (viewport, name, fn, lang = 'en') =>
  h.withPage({ viewport, name }, async (page) => {
    await logIn(page, state.user, lang);
    return fn(page);
  });

test('a verified user with 5000 USDT; the operator funds both reserves', { timeout: 120_000 }, async () => {
  state.user = await users.verifiedTrader(h, `pool-${Date.now()}@example.com`, '5000');
  for (const [product, amount] of [['smart-pool', '1000'], ['financing', '100']]) {
    const funded = await runOps(h.platform, ['reserve:fund', product, amount, '--request', `e2e-28-${product}`]);
    assert.equal(funded.code, 0, funded.err);
  }
});

test('phone: a miner is bought after its estimate, the confirmation screen and the dialog; the receipt names its order', { timeout: 120_000 }, () =>
  withPage('phone', 'buy-miner', async (page) => {
    await page.goto('/pages/smart-pool/index');
    const s1 = page.getByTestId('miner-miner-s1');
    await s1.getByTestId('reserve').waitFor();
    await snap(page, '28-phone-en-smart-pool');
    await s1.getByTestId('buy-miner-s1').click();
    await page.getByTestId('smart-pool-buy').waitFor();
    await page.getByLabel('Amount (USDT)').fill('100');
    const estimate = page.getByTestId('smart-pool-estimate');
    await estimate.getByText('3.5 USDT').waitFor();
    // bought 09:00 on the 10th: the first 04:00 at least 24 hours later is the 12th
    await estimate.getByText('2026-06-12 04:00 UTC').waitFor();
    await snap(page, '28-phone-en-smart-pool-buy');
    await page.getByTestId('review-purchase').click();
    await page.getByTestId('smart-pool-confirm').getByText(/^SP\d+/).waitFor();
    await snap(page, '28-phone-en-smart-pool-confirm');
    await page.getByTestId('buy-button').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.waitFor();
    await snap(page, '28-phone-en-smart-pool-dialog');
    await dialog.getByRole('button', { name: 'Confirm and pay' }).click();
    await page.getByTestId('smart-pool-receipt').getByText('Locked', { exact: true }).waitFor();
    await snap(page, '28-phone-en-smart-pool-receipt');
    const mine = await api('/asset/api/smartPool/userProductList', { method: 'GET' });
    assert.deepEqual([mine.total, mine.list[0].amount, mine.list[0].status], [1, '100', 'locked']);
  }));

test('desktop: a financing subscription after its exact estimate and the dialog', { timeout: 120_000 }, () =>
  withPage('desktop', 'buy-financing', async (page) => {
    await page.goto('/pages/desktop/manage');
    const form = page.getByTestId('buy-financing');
    await form.waitFor();
    await form.getByLabel('Product').selectOption('fin-30');
    await form.getByLabel('Amount (USDT)').fill('1000');
    // 1000 × 6 % × 30 / 365 = 4.9315… → 4.93
    await page.getByTestId('financing-estimate').getByText('4.93 USDT', { exact: true }).waitFor();
    await snap(page, '28-desktop-en-manage');
    await page.getByTestId('subscribe-button').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm subscription' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm and pay' }).click();
    await page.getByTestId('financing-receipt').waitFor();
    await snap(page, '28-desktop-en-manage-receipt');
    const subs = await api('/asset/api/product/userProductList', { method: 'GET' });
    assert.deepEqual([subs.total, subs.list[0].interest, subs.list[0].status], [1, '4.93', 'holding']);
  }));

test('the wallet shows both holdings in the earn section (the wealth wallet holds what was invested)', { timeout: 120_000 }, async () => {
  await withPage('phone', 'wallet', async (page) => {
    await page.goto('/pages/wallet/index');
    // mf_invest's section of the wallet.holdings slot loads its module once it shows on screen
    await page.getByTestId('holdings-mf_invest-earn').scrollIntoViewIfNeeded({ timeout: 30_000 });
    const holdings = page.getByTestId('earn-holdings');
    await holdings.waitFor({ timeout: 30_000 });
    assert.equal(await holdings.getByTestId('earn-holding').count(), 2);
    await holdings.scrollIntoViewIfNeeded();
    await snap(page, '28-phone-en-wallet-earn');
  });
  await withPage('desktop', 'wealth', async (page) => {
    await page.goto('/pages/desktop/assets/wealth-management');
    await page.getByTestId('earn-holdings').waitFor({ timeout: 30_000 });
    await snap(page, '28-desktop-en-wealth');
  });
});

test('a friend signs up with the user\'s invitation code and buys a miner: the user (level 1) earns a tier-1 rebate', { timeout: 120_000 }, async () => {
  const email = `pool-friend-${Date.now()}@example.com`;
  await users.api(h, '/asset/api/user/sendOtp', { body: { email, type: 'register' } });
  let code = '';
  for (let i = 0; i < 20 && !code; i += 1) {
    const outbox = await (await fetch(`${h.baseUrl}/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    code = outbox.data?.[0]?.body?.match(/\b(\d{4})\b/)?.[1] ?? '';
    if (!code) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.ok(code, 'the sign-up code');
  const friend = await users.api(h, '/asset/api/user/register', {
    body: { email, code, password: users.PASSWORD, confirmPassword: users.PASSWORD, invitationCode: state.user.userInfo.invitationCode },
  });
  const credited = await runOps(h.platform, ['recharge:record', email, 'USDT', '500', `e2e funding for ${email}`]);
  assert.equal(credited.code, 0, credited.err);
  const { orderNumber } = await users.api(h, '/asset/api/smartPool/order-number', { method: 'GET', token: friend.token });
  await users.api(h, '/asset/api/smartPool/buySmartPoolProduct', { token: friend.token, body: { productId: 'miner-s1', amount: '100', orderNumber } });
  const summary = await api('/asset/api/smartPool/amount', { method: 'GET' });
  assert.deepEqual(summary.team.map((t) => t.members), [1, 0, 0]);
});

test('a product whose reserve is spent shows Sold out with the reason', { timeout: 120_000 }, async () => {
  // 2000 in S3 owes 30 × 24 = 720 of the 1000 funded: another S3 (at least 360 + rebates) can no longer be backed
  const { orderNumber } = await api('/asset/api/smartPool/order-number', { method: 'GET' });
  await api('/asset/api/smartPool/buySmartPoolProduct', { body: { productId: 'miner-s3', amount: '2000', orderNumber } });
  await withPage('phone', 'sold-out', async (page) => {
    await page.goto('/pages/smart-pool/index');
    const s3 = page.getByTestId('miner-miner-s3');
    await s3.getByTestId('sold-out').waitFor();
    assert.equal(await page.getByTestId('miner-miner-s1').getByTestId('sold-out').count(), 0);
    await s3.scrollIntoViewIfNeeded();
    await snap(page, '28-phone-en-smart-pool-sold-out');
  });
  await assert.rejects(
    api('/asset/api/smartPool/buySmartPoolProduct', { body: { productId: 'miner-s3', amount: '1000', orderNumber: `${orderNumber}x` } }),
    (error) => error.reason === 'productSoldOut',
  );
});

test('two days later (the server restarted on the same data): the incomes due at 04:00 are paid once, with receipts', { timeout: 240_000 }, async () => {
  await h.platform.stop();
  // the 12th at 04:30 and the purchase at 09:00 on the 10th: one income (the 12th, 04:00) is due
  h.platform = await startPlatform({ env: { ...ENV, MERIDIAN_TEST_CLOCK: '2026-06-12T04:30:00Z' }, label: '28-smart-pool-restart' });
  h.baseUrl = h.platform.baseUrl;
  let order;
  for (let i = 0; i < 100; i += 1) {
    [order] = (await api('/asset/api/smartPool/userProductList', { method: 'GET' })).list;
    if (order.paidDays > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const s1 = (await api('/asset/api/smartPool/userProductList', { method: 'GET' })).list.find((o) => o.productId === 'miner-s1');
  assert.deepEqual([s1.paidDays, s1.revenue, s1.status], [1, '0.5', 'locked']);
  // the S1 income, the S3 income (2000 × 1.2 % = 24) and the friend's tier-1 rebate (0.5 × 10 % = 0.05), each with a receipt
  let paid;
  for (let i = 0; i < 60; i += 1) {
    paid = await api('/asset/api/smartPool/history-interest', { method: 'GET' });
    if (paid.total >= 3) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  assert.deepEqual(paid.list.map((p) => [p.kind, p.amount]).sort(), [['income', '0.5'], ['income', '24'], ['rebate', '0.05']]);
  assert.ok(paid.list.every((p) => p.receiptSeq));
  const summary = await api('/asset/api/smartPool/amount', { method: 'GET' });
  assert.deepEqual([summary.team[0].members, summary.team[0].rebates], [1, '0.05']);
  await withPage('phone', 'history', async (page) => {
    await page.goto('/pages/smart-pool/history');
    await page.getByTestId('payouts').getByText('Paid', { exact: true }).first().waitFor();
    // the paid payouts export as CSV with their receipts
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = fs.readFileSync(await download.path(), 'utf8').trim().split('\n');
    assert.equal(csv.length, 4, csv.join('\n'));
    assert.match(csv[0], /^kind,order,product,tier,day,asset,amount,principal,paidAt,receipt$/);
    await snap(page, '28-phone-en-smart-pool-history');
    await page.goto('/pages/smart-pool/index');
    await page.getByTestId('smart-pool-revenue').getByText('24.5 USDT').waitFor();
    await page.getByTestId('team').getByText(/0\.05 USDT/).waitFor();
    await snap(page, '28-phone-en-smart-pool-paid');
  });
});

test('phone: the S1 miner redeemed early: the sheet states principal, penalty and what comes back before anything moves', { timeout: 120_000 }, async () => {
  const s1 = (await api('/asset/api/smartPool/userProductList', { method: 'GET' })).list.find((o) => o.productId === 'miner-s1');
  assert.deepEqual(s1.earlyRedeem, { penaltyRate: '0.05', penalty: '5', returned: '95' });
  await withPage('phone', 'redeem-early', async (page) => {
    await page.goto('/pages/smart-pool/my-order');
    const card = page.getByTestId(`order-${s1.id}`);
    await card.getByTestId(`redeem-${s1.id}`).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem early?' });
    const figures = dialog.getByTestId('redeem-figures');
    await figures.getByText('5 USDT (5 %)').waitFor();
    await figures.getByText('95 USDT').waitFor();
    await snap(page, '28-phone-en-smart-pool-redeem');
    await dialog.getByRole('button', { name: 'Confirm redemption' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto('/pages/smart-pool/redeemed');
    await page.getByTestId(`order-${s1.id}`).getByText('95 USDT').waitFor();
    await snap(page, '28-phone-en-smart-pool-redeemed-early');
  });
  const redeemed = (await api('/asset/api/smartPool/userProductList?status=redeemed', { method: 'GET' })).list.find((o) => o.id === s1.id);
  assert.deepEqual([redeemed.status, redeemed.redeemedEarly.penalty, redeemed.redeemedEarly.returned], ['redeemed', '5', '95']);
});

for (const viewport of ['phone', 'desktop'])
  for (const lang of ['en', 'ge', 'jp'])
    test(`${viewport} ${lang}: the smart pool, a purchase's confirmation, my miners, financing and earn`, { timeout: 120_000 }, () =>
      withPage(viewport, `screens-${viewport}-${lang}`, async (page) => {
        const base = viewport === 'desktop' ? '/pages/desktop/smart-pool' : '/pages/smart-pool';
        await page.goto(`${base}/index`);
        await page.getByTestId('miner-miner-s1').getByTestId('reserve').waitFor();
        await page.getByTestId('smart-pool-summary').waitFor();
        await snap(page, `28-${viewport}-${lang}-smart-pool-index`);
        await page.goto(`${base}/confirm-buy?product=miner-s2&amount=200`);
        await page.getByTestId('smart-pool-confirm').getByText(/^SP\d+/).waitFor();
        await snap(page, `28-${viewport}-${lang}-smart-pool-confirm`);
        await page.goto(`${base}/my-order`);
        await page.getByTestId('orders-locked').waitFor();
        await snap(page, `28-${viewport}-${lang}-smart-pool-my-order`);
        // the early-redemption sheet of the locked S3 miner, then left without redeeming
        await page.getByTestId('orders-locked').locator('[data-testid^="redeem-"]').first().click();
        await page.getByTestId('redeem-figures').waitFor();
        await snap(page, `28-${viewport}-${lang}-smart-pool-redeem`);
        await page.keyboard.press('Escape');
        await page.getByTestId('redeem-figures').waitFor({ state: 'detached' });
        await page.goto(viewport === 'desktop' ? '/pages/desktop/manage' : '/pages/manage-account/components/buy-financing');
        await page.getByTestId('buy-financing').waitFor();
        await page.getByTestId('financing-estimate').waitFor();
        await snap(page, `28-${viewport}-${lang}-financing`);
        // earn is a phone screen (the spec has no desktop earn route); the desktop shows the holdings on its wealth page
        await page.goto(viewport === 'desktop' ? '/pages/desktop/assets/wealth-management' : '/pages/earn/index');
        if (viewport === 'phone') await page.getByTestId('earn-totals').waitFor();
        await page.getByTestId('earn-holdings').waitFor();
        await snap(page, `28-${viewport}-${lang}-${viewport === 'desktop' ? 'wealth' : 'earn'}`);
      }, lang));
