// Loans and notifications as a verified user meets them: the loan products and rules, an application with three
// generated document photos (compressed in the browser, uploaded) and its confirmation, the operator's approval,
// the KYC and loan notifications with the unread count on the bell (desktop top navigation and the phone's home
// header), mark all read, a news article, and repaying (repay all refused for want of balance, then a partial
// repayment after its estimate). Phone (375×812) and desktop (1280×800) sizes, with screenshots.
//
// The operator approves with `pnpm ops loan:approve <id>` (server/src/ops/cli.ts, here its built
// server/dist/ops/cli.js) while the server runs: the command reaches it through the operator socket in DATA_DIR.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS, gradientPng, runOps, screenshot, useHarness, visible } from '../harness.mjs';
import * as users from '../users.mjs';

const LABEL = '13-loans-notifications';
const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

/** The verified user the tests share (signed up by the first), and the loan it applies for. */
const state = { user: null, loanId: '' };
const api = (route, options) => users.api(h, route, { token: state.user?.token, ...options });

/** A fresh page at the given size, logged in as the test's user. */
const withPage = (viewport, name, fn) =>
  h.withPage({ viewport, name }, async (page) => {
    await users.logIn(page, state.user);
    return fn(page);
  });

test('a new user signs up and gets the identity verified (KYC auto-review)', async () => {
  state.user = await users.verifiedUser(h, `loans-${Date.now()}@example.com`);
  assert.equal(state.user.userInfo.kycStatus, 'verified');
});

test('phone: the products and rules, then an application with three photos, confirmed', () =>
  withPage('phone', 'apply', async (page) => {
    await page.goto('/pages/loan/index');
    await visible(page, '[data-testid="loan-product-starter-7"]');
    await visible(page, '[data-testid="loan-rules"]');
    assert.equal(await page.locator('[data-testid^="loan-banner-"]').count(), 0, 'a verified user sees no banner');
    await screenshot(page, 'phone-loan-products');

    await page.locator('[data-testid="loan-product-starter-7"]').getByRole('link', { name: 'Apply' }).click();
    await visible(page, '[data-testid="loan-apply-form"]');
    await page.getByLabel('Amount (USDT)').fill('500');
    for (const [index, tint] of [60, 140, 220].entries()) {
      await page.locator('[data-testid="loan-photo-picker"] input[type="file"]').setInputFiles({
        name: `document-${index + 1}.png`,
        mimeType: 'image/png',
        buffer: gradientPng(1400, 1000, tint),
      });
      await page.getByRole('button', { name: `Remove photo ${index + 1}` }).waitFor();
    }
    await page.locator('[data-testid="loan-photos"] img').nth(2).waitFor();
    assert.match(await page.getByTestId('loan-photo-count').innerText(), /^3 photos added/);
    assert.equal(await page.getByTestId('loan-summary-interest').innerText(), '3.5 USDT');
    assert.equal(await page.getByTestId('loan-summary-total').innerText(), '503.5 USDT');
    await screenshot(page, 'phone-loan-apply');

    await page.getByRole('button', { name: 'Review the application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your application' });
    await dialog.waitFor();
    await screenshot(page, 'phone-loan-confirm');
    await dialog.getByRole('button', { name: 'Apply now' }).click();
    await page.waitForURL(/\/pages\/loan\/components\/history-loan\?status=pending$/);
    const card = page.locator('[data-testid="loan-history"] > li').first();
    await card.getByTestId('loan-status').getByText('Waiting for approval').waitFor();
    await screenshot(page, 'phone-loan-pending');

    const mine = await api('/asset/api/loan/userProductList?status=pending', { method: 'GET' });
    assert.equal(mine.total, 1);
    assert.equal(mine.list[0].amount, '500');
    assert.equal(mine.list[0].photos.length, 3);
    state.loanId = mine.list[0].id;
  }));

test('the operator approves the application with pnpm ops while the server runs', async () => {
  const pending = await runOps(h.platform, ['loan:pending']);
  assert.equal(pending.code, 0, pending.err);
  assert.match(pending.out, new RegExp(`^${state.loanId}\\b`, 'm'));
  const approved = await runOps(h.platform, ['loan:approve', state.loanId]);
  assert.equal(approved.code, 0, approved.err);
  fs.mkdirSync(path.join(ARTIFACTS, 'logs'), { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, 'logs', `${LABEL}-ops.log`), `${pending.out}\n${approved.out}${approved.err}`);
  const audit = await runOps(h.platform, ['audit', '1']);
  assert.match(audit.out, /e2e-operator {2}loan:approve/);
  const loan = await api(`/asset/api/loan/detail?id=${state.loanId}`, { method: 'GET' });
  assert.equal(loan.status, 'approved');
  assert.equal((await api('/asset/api/notification/num-noti', { method: 'GET' })).count, 2);
});

test('desktop: the bell counts the KYC and loan notifications; the list beside the one opened; the loan pages', () =>
  withPage('desktop', 'desktop-notifications', async (page) => {
    await page.goto('/pages/desktop/notification');
    await visible(page, '[data-testid="topnav"]');
    await page.getByTestId('notification-bell-count').getByText('2').waitFor();
    const list = page.locator('[data-testid="noti-list"] > li');
    await list.nth(1).waitFor();
    assert.equal(await list.count(), 2);
    assert.match(await list.nth(0).innerText(), /Loan approved[\s\S]*Your loan of 500 USDT is approved and paid into your platform wallet\. Repay by \d{4}-\d{2}-\d{2}\./);
    assert.match(await list.nth(1).innerText(), /Identity verified/);
    assert.equal(await list.nth(0).getAttribute('data-read'), 'false');
    await screenshot(page, 'desktop-notifications');

    await list.nth(0).getByRole('link').click();
    await visible(page, '[data-testid="noti-detail"]');
    // opening it marked it read: the list and the bell say so without a reload
    await page.getByTestId('notification-bell-count').getByText('1').waitFor();
    await page.locator('[data-testid="noti-list"] > li[data-read="true"]').first().waitFor();
    await screenshot(page, 'desktop-notification-detail');

    await page.goto('/pages/desktop/loan/index');
    await page.locator(`[data-testid="loan-${state.loanId}"]`).getByTestId('loan-status').getByText('Approved').waitFor();
    await visible(page, '[data-testid="loan-product-plus-90"]');
    await screenshot(page, 'desktop-loan-index');

    await page.goto('/pages/desktop/loan/list-pay-loan');
    await visible(page, `[data-testid="open-loan-${state.loanId}"]`);
    await visible(page, '[data-testid="loan-repay-all"]');
    await screenshot(page, 'desktop-loan-repay');

    await page.getByRole('navigation', { name: 'Loan pages' }).getByRole('link', { name: 'Apply for a loan' }).click();
    await visible(page, '[data-testid="loan-apply-form"]');
    await visible(page, '[data-testid="loan-rules"]');
    await screenshot(page, 'desktop-loan-apply');
  }));

test('phone: the bell on the home page, the notifications, mark all read and a news article', () =>
  withPage('phone', 'phone-notifications', async (page) => {
    await page.goto('/pages/home/index');
    const bell = page.locator('[data-testid="mobile-home-header"] [data-testid="notification-bell"]');
    await bell.getByTestId('notification-bell-count').getByText('1').waitFor();
    await screenshot(page, 'phone-home-bell');

    await bell.click();
    await page.waitForURL(/\/pages\/notification\/index$/);
    await page.locator('[data-testid="noti-list"] > li').nth(1).waitFor();
    await page.getByText('1 unread').waitFor();
    await screenshot(page, 'phone-notifications');

    await page.locator('[data-testid="noti-list"] > li').nth(1).getByRole('link').click();
    await page.waitForURL(/\/pages\/notification\/detail\?id=\d+&type=notification$/);
    await page.getByTestId('noti-detail').getByRole('heading', { name: 'Identity verified' }).waitFor();
    await screenshot(page, 'phone-notification-detail');
    assert.equal((await api('/asset/api/notification/num-noti', { method: 'GET' })).count, 0);

    await page.getByRole('link', { name: 'Back to my notifications' }).click();
    await page.getByText('Everything is read').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Mark all as read' }).isDisabled(), true);

    await page.getByRole('tab', { name: 'News' }).click();
    const firstNews = page.locator('[data-testid="news-list"] > li').first();
    await firstNews.waitFor();
    await screenshot(page, 'phone-news');
    const title = (await firstNews.locator('p').first().innerText()).trim();
    await firstNews.getByRole('link').click();
    const article = page.getByTestId('news-detail');
    await article.getByRole('heading', { name: title }).waitFor();
    assert.ok((await page.getByTestId('news-html').innerText()).trim().length > 20, 'the article has its body');
    assert.equal(await page.locator('[data-testid="news-html"] script').count(), 0);
    await screenshot(page, 'phone-news-detail');
  }));

test('phone: repay all is refused for want of balance; a partial repayment after its estimate', () =>
  withPage('phone', 'phone-repay', async (page) => {
    await page.goto('/pages/loan/components/list-pay-loan');
    const all = page.getByTestId('loan-repay-all');
    await all.waitFor();
    // the loan paid 500 USDT; settling it today costs 500.5 (one day of interest)
    assert.equal(await all.getByRole('button', { name: 'Repay all' }).isDisabled(), true);
    await page.getByTestId('loan-repay-all-short').getByText('Your available balance of 500.00 USDT does not cover the 500.5 USDT needed to repay every loan.').waitFor();
    await screenshot(page, 'phone-loan-repay');

    await page.getByTestId(`open-loan-${state.loanId}`).getByRole('button', { name: 'Repay' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount to repay (USDT)').fill('100');
    await dialog.getByRole('button', { name: 'See the estimate' }).click();
    const estimate = dialog.getByTestId('loan-repay-estimate');
    await estimate.waitFor();
    assert.match(await estimate.innerText(), /Interest\s*0\.5 USDT[\s\S]*Principal\s*99\.5 USDT[\s\S]*Still owed afterwards\s*400\.5 USDT/);
    await screenshot(page, 'phone-loan-repay-estimate');
    await dialog.getByRole('button', { name: 'Confirm repayment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId(`open-loan-${state.loanId}`).getByTestId('loan-amount-to-pay').getByText('400.5').waitFor();

    const loan = await api(`/asset/api/loan/detail?id=${state.loanId}`, { method: 'GET' });
    assert.equal(loan.status, 'partial');
    assert.equal(loan.principalDue, '400.5');

    await page.goto(`/pages/loan/components/paid-history?loanId=${state.loanId}`);
    await page.locator('[data-testid="loan-payments"] > li').first().waitFor();
    await screenshot(page, 'phone-loan-paid-history');
  }));
