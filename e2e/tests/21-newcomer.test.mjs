// A new trader's first ten minutes (issue 18), tried as a new user would: USDT credited to the platform wallet while
// the perpetual form trades from the contract wallet — the Transfer beside "Available" moves it without leaving the
// form, and the first order follows; closing half reads the close sheet's estimate first; the desktop top bar's
// market search; and every trade detail page opened without an id, or with one nobody has, says "not found" with its
// way back. Phone and desktop, with screenshots in English, German and Japanese.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);

/** The form's balance and its funding action, from a fresh login in `lang`. */
async function fundFromForm(page, lang) {
  const form = page.getByTestId('order-form-perp');
  // the money is in the platform wallet: nothing in the contract wallet, and the action beside it offers the move
  await form.getByTestId('order-available').getByText(/^0[.,]00 USDT$/).waitFor();
  await form.getByTestId('fund-transfer').click();
  const sheet = page.getByTestId('fund-transfer-sheet');
  await sheet.waitFor();
  assert.equal(await sheet.getByTestId('fund-from').getAttribute('data-wallet'), 'platform');
  assert.equal(await sheet.getByTestId('fund-to').getAttribute('data-wallet'), 'contract');
  // prefilled with all the platform wallet holds (nothing typed in the form yet)
  assert.equal(Number(await sheet.getByTestId('fund-amount').inputValue()), 3000);
  await snap(page, `phone-fund-sheet-${lang}`);
  await sheet.getByTestId('fund-transfer-confirm').click();
  await sheet.waitFor({ state: 'detached' });
  // back on the form, the balance is there: no other screen was opened
  await form.getByTestId('order-available').getByText(/^3[.,\s]?000[.,]00 USDT$/).waitFor();
  assert.match(new URL(page.url()).pathname, /\/pages\/trade-margin\/index$/);
  return form;
}

for (const lang of ['en', 'ge', 'jp']) {
  test(`phone (${lang}): USDT in the platform wallet is moved from the perpetual form, a long opened, half closed after its estimate`, { timeout: 240_000 }, () =>
    h.withPage({ viewport: 'phone', name: `newcomer-${lang}` }, async (page) => {
      const trader = await users.verifiedTrader(h, `newcomer-${lang}-${Date.now()}@example.com`, '3000');
      await logIn(page, trader, lang);
      await page.goto('/pages/trade-margin/index?symbol=BTCUSDT');
      await page.getByTestId('tab-perp').click();
      const form = await fundFromForm(page, lang);
      await snap(page, `phone-fund-done-${lang}`);

      // the first order: two taps more than the order itself (Transfer, Confirm) were all it took
      await form.getByTestId('kind-market').click();
      await form.getByTestId('order-size').fill('0.02');
      await form.getByTestId('order-submit').click();
      await page.getByTestId('trade-receipt').getByTestId('receipt-confirm').click();
      const row = page.getByTestId('position-row');
      await row.waitFor();

      // close half: the sheet shows what it expects before anything moves
      await row.getByTestId('close-position').click();
      const close = page.getByTestId('close-dialog');
      await close.getByTestId('close-50').click();
      const estimate = close.getByTestId('close-estimate');
      for (const id of ['price', 'pnl', 'fee', 'net']) {
        await page.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '—') !== '—', `[data-testid="close-estimate-${id}"]`);
      }
      assert.match(await estimate.getByTestId('close-estimate-fee').innerText(), /USDT$/);
      await snap(page, `phone-close-estimate-${lang}`);
      await close.getByTestId('close-confirm').click();
      await close.waitFor({ state: 'detached' });
      const [position] = await api('/asset/api/contract/openList', { token: trader.token, method: 'GET' });
      assert.equal(position.quantity, '0.01');
    }));
}

test('desktop: the top bar searches the markets; the search page stays at desktop width and lists the match', () =>
  h.withPage({ viewport: 'desktop', name: 'newcomer-search' }, async (page) => {
    await page.goto('/pages/desktop/market');
    const search = page.getByTestId('topnav-search');
    await search.locator('input').fill('ETH');
    await search.locator('input').press('Enter');
    await page.waitForURL('**/pages/search/index?q=ETH');
    await page.getByTestId('quote-row-ETHUSDT').waitFor();
    // still the desktop frame: the top bar, not the tab bar
    await page.getByTestId('topnav').waitFor();
    assert.equal(await page.getByTestId('tabbar').count(), 0);
    await snap(page, 'desktop-search-en');
  }));

// each detail screen: its address without an id, and with an id nobody has (a wide window leaves the phone's
// detail addresses for the desktop market, so the desktop grid's own detail addresses are tried there)
const DETAILS = {
  phone: [
    ['/pages/trade-margin/perpetual-contract/position-detail', 'positionId=999999'],
    ['/pages/trade-margin/perpetual-contract/history-detail', 'positionId=999999'],
    ['/pages/trade-margin/spot/order-detail', 'orderId=999999'],
    ['/pages/trade-margin/seconds-contract/detail', 'id=999999'],
    ['/pages/trade-margin/spot/position-detail', null],
  ],
  desktop: [
    ['/pages/desktop/trade/components/history/seconds/contract-detail', 'id=999999'],
    ['/pages/desktop/trade/components/history/spot/position-detail', null],
  ],
};

for (const viewport of ['phone', 'desktop']) {
  test(`${viewport}: a detail page without an id, or with one nobody has, says not found with its way back`, () =>
    h.withPage({ viewport, name: `newcomer-not-found-${viewport}` }, async (page) => {
      const user = await users.verifiedUser(h, `not-found-${viewport}-${Date.now()}@example.com`);
      await logIn(page, user);
      for (const [path, unknown] of DETAILS[viewport]) {
        for (const url of unknown ? [path, `${path}?${unknown}`] : [path]) {
          await page.goto(url);
          await page.getByTestId('not-found').waitFor();
          assert.equal(new URL(page.url()).pathname, path);
          // the way back to the trade screen is beside it, not "Loading…" or a retry that cannot help
          await page.getByRole('link', { name: 'Back to Trade', exact: false }).first().waitFor();
          assert.equal(await page.getByText('Loading…').count(), 0, `${url}: still loading`);
        }
      }
      await snap(page, `${viewport}-detail-not-found`);
    }));
}
