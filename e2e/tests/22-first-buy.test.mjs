// A brand-new user's first buy (issue 18), as the user does it: signed up a minute ago, the first Buy on the trade
// screen sends them to the KYC form, the auto-review verifies them, "Back to trade" returns to the same screen, the
// USDT that just arrived is moved into the spot wallet from the form's own Transfer, and the buy goes through — no
// other screen than the KYC form. Phone (375×812) and desktop (1280×800), German and Japanese, with screenshots of
// each step (the desktop lists are column tables).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runOps, useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { fillKycForm, logIn, signUp, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);
const accountTexts = (lang) => JSON.parse(readFileSync(new URL(`../../mf-accounts/locales/${lang}/mf_accounts.json`, import.meta.url), 'utf8'));

const TRADE = { phone: '/pages/trade-margin/index', desktop: '/pages/desktop/trade' };

async function tryToBuy(form) {
  await form.getByTestId('kind-market').click();
  await form.getByTestId('order-size').fill('0.01');
  await form.getByTestId('order-submit').click();
}

/** On the desktop: the rest moved to the contract wallet from the perpetual form, a long, its table row and detail. */
async function perpetualTable(page, viewport, lang) {
  await page.getByTestId('tab-perp').click();
  const perp = page.getByTestId('order-form-perp');
  await perp.getByTestId('fund-transfer').click();
  await page.getByTestId('fund-transfer-sheet').getByTestId('fund-transfer-confirm').click();
  await page.getByTestId('fund-transfer-sheet').waitFor({ state: 'detached' });
  await tryToBuy(perp);
  await page.getByTestId('trade-receipt').getByTestId('receipt-confirm').click();
  const row = page.getByTestId('lists-perp').getByRole('table').getByTestId('position-row');
  await row.waitFor();
  await page.getByTestId('lists-perp').scrollIntoViewIfNeeded();
  await snap(page, `${viewport}-first-buy-positions-${lang}`);
  await row.getByRole('link', { name: 'BTCUSDT' }).click();
  await page.waitForURL('**/position-detail?positionId=**');
  await page.getByTestId('fill-evidence').first().waitFor();
  await snap(page, `${viewport}-first-buy-position-detail-${lang}`);
}

for (const viewport of ['phone', 'desktop'])
  for (const lang of ['ge', 'jp'])
    test(`${viewport} (${lang}): sign up, pass KYC from the first Buy, fund from the form and buy`, { timeout: 240_000 }, () =>
      h.withPage({ viewport, name: `first-buy-${viewport}-${lang}` }, async (page) => {
        const email = `first-buy-${viewport}-${lang}-${Date.now()}@example.com`;
        const { token } = await signUp(h, email);
        await logIn(page, { token, userInfo: await api('/asset/api/user/info', { token }) }, lang);
        await page.goto(`${TRADE[viewport]}?symbol=BTCUSDT`);
        await tryToBuy(page.getByTestId('order-form-spot'));

        // the only other screen: the KYC form, verified at once by the auto-review
        await page.waitForURL(/kyc-verification.*type=trade/);
        await page.getByTestId('kyc-trade-notice').waitFor();
        await snap(page, `${viewport}-first-buy-kyc-${lang}`);
        const texts = accountTexts(lang);
        await fillKycForm(page, texts);
        await page.getByRole('button', { name: texts.kycSubmitButton, exact: true }).click();
        await page.getByTestId('kyc-status-verified').waitFor();
        await snap(page, `${viewport}-first-buy-verified-${lang}`);
        await page.getByTestId('kyc-back-to-trade').click();
        await page.waitForURL(`**${TRADE[viewport]}?symbol=BTCUSDT`);

        // the deposit arrives (the operator records it) while the user is on the trade screen
        const credited = await runOps(h.platform, ['recharge:record', email, 'USDT', '3000', `e2e first buy ${email}`]);
        assert.equal(credited.code, 0, credited.err);
        const form = page.getByTestId('order-form-spot');
        await page.reload();
        await form.getByTestId('fund-transfer').click();
        const sheet = page.getByTestId('fund-transfer-sheet');
        await sheet.waitFor();
        assert.equal(await sheet.getByTestId('fund-to').getAttribute('data-wallet'), 'spot');
        await snap(page, `${viewport}-first-buy-transfer-${lang}`);
        await sheet.getByTestId('fund-transfer-confirm').click();
        await sheet.waitFor({ state: 'detached' });

        // the buy itself: the receipt, then the order in the list under the form, still on the trade screen
        await tryToBuy(form);
        const receipt = page.getByTestId('trade-receipt');
        await receipt.waitFor();
        await snap(page, `${viewport}-first-buy-receipt-${lang}`);
        await receipt.getByTestId('receipt-confirm').click();
        await receipt.waitFor({ state: 'detached' });
        const lists = page.getByTestId('lists-spot');
        await lists.getByTestId('list-tab-history').click();
        await lists.locator('[data-testid="spot-order-row"][data-status="completed"]').first().waitFor();
        assert.match(new URL(page.url()).pathname, new RegExp(`${TRADE[viewport]}$`));
        await lists.scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-first-buy-done-${lang}`);
        if (viewport === 'desktop') {
          // the desktop's lists are a table with its headers; nothing in it is wider than its scroll box shows
          const table = lists.getByRole('table');
          assert.ok((await table.getByRole('columnheader').count()) >= 9);
          await perpetualTable(page, viewport, lang);
        }
      }));
