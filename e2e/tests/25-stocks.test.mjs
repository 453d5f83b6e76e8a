// Ordinary stocks in hours, against the real server and its simulated feed with the server's clock at a Wednesday
// 10:00 New York (MERIDIAN_TEST_CLOCK; the feed ticks US stocks only while their calendar is open). The operator
// sets the USD rate with `pnpm ops stock:rate`; a verified trader moves USDT to the spot wallet, finds a US stock
// from the stock home's search, reads its detail, buys 2 shares after the receipt (price, fee, total in USD and
// USDT with the rate) and its confirmation, then sells half. Phone and desktop, screenshots in English, German and
// Japanese. 25-stocks-closed.test.mjs has the Trading Hours Notice on a Saturday.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runOps, useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false', MERIDIAN_TEST_CLOCK: '2026-11-25T15:00:00Z' } });
const api = (path, options) => users.api(h, path, options);
const SYMBOL = 'AAPL:NASDAQ';

async function trader(name) {
  const t = await users.verifiedTrader(h, `${name}-${Date.now()}@example.com`, '5000');
  await api('/asset/api/account/transferAsset', { token: t.token, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '3000', requestId: `e2e-${name}-${Date.now()}` } });
  return t;
}

/** On the order screen: fills the shares, reads the receipt, confirms; waits for the fill's message. */
async function order(page, side, shares, shot) {
  const form = page.getByTestId('stock-order-form');
  await form.getByTestId(`order-side-${side}`).click();
  await form.getByTestId('order-shares').fill(shares);
  const receipt = page.getByTestId('order-receipt').first();
  await receipt.getByTestId('receipt-shares').getByText(shares, { exact: true }).waitFor();
  assert.match(await receipt.innerText(), /USDT per USD \(rate v1\)/);
  await form.getByTestId('order-submit').click();
  const dialog = page.getByTestId('order-confirm');
  await dialog.waitFor();
  assert.match(await dialog.getByTestId('receipt-total').innerText(), /^[\d,]+\.\d+ USDT$/);
  await snap(page, shot);
  await dialog.getByTestId('order-confirm-button').click();
  await page.getByText(`Filled: ${shares} ${SYMBOL}`).first().waitFor();
}

test('operator sets the USD rate; the stock home says nothing is missing for USD any more', { timeout: 60_000 }, async () => {
  const before = await api('/asset/api/site-setting/getSetting', { method: 'GET' });
  assert.equal(before.stockRates.USD, null);
  const set = await runOps(h.platform, ['stock:rate', 'USD', '0.9995']);
  assert.equal(set.code, 0, set.err);
  const after = await api('/asset/api/site-setting/getSetting', { method: 'GET' });
  assert.deepEqual([after.stockRates.USD.rate, after.stockRates.USD.version], ['0.9995', 1]);
});

test('phone: find a US stock, read its detail, buy 2 shares after the receipt, sell half', { timeout: 180_000 }, () =>
  h.withPage({ viewport: 'phone', name: 'stocks-phone' }, async (page) => {
    const t = await trader('stocks');
    await logIn(page, t);
    await page.goto('/pages/stock/index');
    await page.getByTestId('market-US').waitFor();
    await page.getByTestId('stock-search-link').click();
    await page.getByTestId('stock-search-input').fill('apple');
    await page.getByTestId('stock-search-results').getByTestId(`stock-link-${SYMBOL}`).click();
    await page.waitForURL('**/pages/stock/stock-detail?**');
    await page.getByTestId('stock-ltp').waitFor();
    assert.match(await page.getByTestId('stock-ltp').innerText(), /^[\d,]+\.\d{2} USD$/);
    await page.getByTestId('hours-open').waitFor();
    await snap(page, 'phone-stock-detail-en');
    await page.getByTestId('stock-buy-link').click();
    await page.waitForURL('**/pages/stock/stock-buy-sell?**');
    await order(page, 'buy', '2', 'phone-stock-buy-confirm-en');
    let positions = await api('/asset/api/userStock/listPosition', { token: t.token, method: 'GET' });
    assert.deepEqual(positions.map((p) => [p.symbol, p.shares]), [[SYMBOL, '2']]);
    const orders = await api('/asset/api/userStock/listStockSubPosition', { token: t.token, method: 'GET' });
    const fill = orders.list[0].fills[0];
    assert.deepEqual([fill.evidence.symbol, fill.evidence.sideUsed], [SYMBOL, 'ask']);
    assert.match(fill.receiptHash, /^[0-9a-f]{64}$/);

    await order(page, 'sell', '1', 'phone-stock-sell-confirm-en');
    positions = await api('/asset/api/userStock/listPosition', { token: t.token, method: 'GET' });
    assert.deepEqual(positions.map((p) => [p.symbol, p.shares]), [[SYMBOL, '1']]);
    await page.goto('/pages/stock/index');
    await page.getByTestId('my-positions').getByText(SYMBOL).waitFor();
    await page.getByTestId('stock-totals').waitFor();
    await snap(page, 'phone-stock-home-position-en');
  }));

test('desktop: the same buy; both sizes in English, German and Japanese', { timeout: 240_000 }, async () => {
  const t = await trader('stocks-desk');
  await h.withPage({ viewport: 'desktop', name: 'stocks-desktop' }, async (page) => {
    await logIn(page, t);
    await page.goto(`/pages/stock/stock-buy-sell?symbol=${encodeURIComponent(SYMBOL)}&side=buy`);
    await order(page, 'buy', '2', 'desktop-stock-buy-confirm-en');
  });
  for (const viewport of ['phone', 'desktop'])
    for (const lang of ['en', 'ge', 'jp'])
      await h.withPage({ viewport, name: `stocks-${viewport}-${lang}` }, async (page) => {
        await logIn(page, t, lang);
        await page.goto('/pages/stock/index');
        await page.getByTestId('market-US').waitFor();
        await page.getByTestId('my-positions').waitFor();
        await snap(page, `${viewport}-stock-home-${lang}`);
        await page.goto(`/pages/stock/stock-detail?symbol=${encodeURIComponent(SYMBOL)}`);
        await page.getByTestId('stock-ltp').waitFor();
        await page.getByTestId('stock-chart').waitFor().catch(() => {});
        await snap(page, `${viewport}-stock-detail-${lang}`);
        await page.goto(`/pages/stock/stock-buy-sell?symbol=${encodeURIComponent(SYMBOL)}&side=buy`);
        await page.getByTestId('order-shares').fill('1');
        await page.getByTestId('order-receipt').waitFor();
        await snap(page, `${viewport}-stock-buy-${lang}`);
        // the positions reach mf_accounts' wallet through mf_stocks' wallet.holdings contribution (no mf_accounts release)
        await page.goto(viewport === 'phone' ? '/pages/wallet/index' : '/pages/desktop/assets/spot');
        const holdings = page.getByTestId('holdings-mf_stocks-stocks');
        // its module loads once the section shows on screen
        await holdings.scrollIntoViewIfNeeded();
        await holdings.getByTestId('stock-holdings-list').getByText(SYMBOL).waitFor({ timeout: 30_000 });
        await snap(page, `${viewport}-wallet-stock-holdings-${lang}`);
      });
});
