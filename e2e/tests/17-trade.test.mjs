// Trading as a new user meets it, against the real server and its simulated feed: a KYC-verified user (embedded
// auto-review) whose USDT the operator credits (`pnpm ops recharge:record` while the server runs) moves USDT to the
// spot and contract wallets, buys BTC at market on spot, places and cancels a limit order, opens a 10× isolated
// long after reading its pre-trade receipt, sets TP/SL, watches the position follow the feed, closes half and
// reverses the rest, and reads each fill's recorded tick on the detail screens. An unverified user who tries to
// trade is sent to KYC with type=trade, passes it and comes back to trade without being sent there again. Phone and desktop, with screenshots in English, German and Japanese.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { fillKycForm, logIn, snap, transfer } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);
const signUp = (email) => users.signUp(h, email);
const verifiedTrader = (email, usdt) => users.verifiedTrader(h, email, usdt);
/** "Filled at 64223.99 — BTCUSDT ask at 2025-01-01 23:15:04.120 UTC, simulated feed" */
const EVIDENCE = /^Filled at ([\d.,]+) — BTCUSDT (ask|bid|last) at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC, simulated feed$/;

/** Fills the order form and opens its receipt; `price` makes it a limit order. */
async function enterOrder(form, { price, quantity }) {
  await form.getByTestId(price ? 'kind-limit' : 'kind-market').click();
  if (price) await form.getByLabel('Price (USDT)').fill(price);
  await form.getByLabel('Quantity (BTC)').fill(quantity);
  await form.getByTestId('order-submit').click();
}

/** Every fill's evidence on a detail screen against the server's record of the same fills. */
async function checkEvidence(page, fills) {
  const shown = page.getByTestId('fill-evidence');
  await shown.first().waitFor();
  assert.equal(await shown.count(), fills.length);
  for (let i = 0; i < fills.length; i += 1) {
    const text = (await shown.nth(i).locator('p').first().innerText()).trim();
    const match = text.match(EVIDENCE);
    assert.ok(match, `evidence text: ${text}`);
    assert.equal(Number(match[1].replaceAll(',', '')), Number(fills[i].price), text);
    assert.equal(match[2], fills[i].evidence.sideUsed, text);
    assert.match(await shown.nth(i).innerText(), new RegExp(fills[i].receiptHash));
  }
}

const lastPrice = async () => Number((await api('/api/market/getMarketPrice', { method: 'GET', query: { symbol: 'BTCUSDT' } })).price);

test('phone: transfer, spot market buy and limit cancel, 10× long with TP/SL, live, close half, reverse, recorded fills', { timeout: 300_000 }, () =>
  h.withPage({ viewport: 'phone', name: 'trade-phone' }, async (page) => {
    const trader = await verifiedTrader(`trade-${Date.now()}@example.com`, '20000');
    const { token } = trader;
    await logIn(page, trader);
    await transfer(page, 'spot', '5000');
    await transfer(page, 'contract', '5000');

    // spot: market buy 0.01 BTC after the receipt
    await page.goto('/pages/trade-margin/index?symbol=BTCUSDT');
    const spot = page.getByTestId('order-form-spot');
    await spot.getByTestId('order-available').getByText('5,000.00 USDT').waitFor();
    await snap(page, 'phone-trade-spot');
    await enterOrder(spot, { quantity: '0.01' });
    const receipt = page.getByTestId('trade-receipt');
    await receipt.getByTestId('receipt-price').waitFor();
    assert.match(await receipt.getByTestId('receipt-fee').innerText(), /BTC$/);
    await snap(page, 'phone-spot-receipt');
    await receipt.getByTestId('receipt-confirm').click();
    await page.getByText(/^Bought 0\.01 BTC at [\d.,]+$/).first().waitFor();
    const bought = (await api('/asset/api/contract-spot/history', { token, method: 'GET' })).list[0];
    assert.equal(bought.status, 'completed');
    assert.equal(bought.doneQuantity, '0.01');

    // the fill's recorded tick on the order's detail screen
    const spotLists = page.getByTestId('lists-spot');
    await spotLists.getByTestId('list-tab-history').click();
    await spotLists.locator('[data-testid="spot-order-row"][data-status="completed"]').first().getByRole('link', { name: 'BTCUSDT' }).click();
    await page.waitForURL('**/pages/trade-margin/spot/order-detail?**');
    await checkEvidence(page, (await api('/asset/api/contract-spot/detail', { token, method: 'GET', query: { orderId: bought.id } })).fills);
    await snap(page, 'phone-spot-order-detail');

    // a limit buy 5 % below the market rests (within the 10 % price band the engine allows), then is cancelled
    await page.goto('/pages/trade-margin/index?symbol=BTCUSDT');
    await spot.getByTestId('order-available').getByText(/USDT$/).waitFor();
    await enterOrder(spot, { price: (Math.floor((await lastPrice()) * 0.95 * 100) / 100).toFixed(2), quantity: '0.01' });
    await receipt.getByTestId('receipt-confirm').click();
    await page.getByText(/^Buy order placed: 0\.01 BTC at [\d.,]+$/).first().waitFor();
    const resting = spotLists.locator('[data-testid="spot-order-row"][data-status="pending"]');
    await resting.first().waitFor();
    await snap(page, 'phone-spot-open-order');
    await resting.first().getByTestId('cancel-spot-order').click();
    await page.getByText('Order cancelled').first().waitFor();
    await spotLists.getByText('No open orders.').waitFor();
    assert.equal((await api('/asset/api/contract-spot/list', { token, method: 'GET' })).list.length, 0);

    // perpetual: a 10× isolated market long of 0.02 BTC, read on its receipt first
    await page.getByTestId('tab-perp').click();
    const perp = page.getByTestId('order-form-perp');
    await perp.getByTestId('order-available').getByText('5,000.00 USDT').waitFor();
    assert.equal(await perp.getByTestId('order-submit').innerText(), 'Open long 10×');
    await enterOrder(perp, { quantity: '0.02' });
    // the figures shown are the server's estimate (contract/estimate), once it answers
    await receipt.locator('[data-testid="receipt-facts"][data-estimate="server"]').waitFor();
    await receipt.getByTestId('receipt-liquidation').getByText(/^none → [\d.,]+$/).waitFor();
    assert.match(await receipt.getByTestId('receipt-distance').innerText(), /^\d+\.\d{2}%$/);
    await snap(page, 'phone-perp-receipt');
    await receipt.getByTestId('receipt-confirm').click();
    await page.getByText(/^Long 0\.02 BTC opened at [\d.,]+$/).first().waitFor();
    const row = page.getByTestId('position-row');
    await row.waitFor();
    let [position] = await api('/asset/api/contract/openList', { token, method: 'GET' });
    assert.equal(position.side, 'long');
    assert.equal(position.leverage, 10);
    assert.equal(position.marginMode, 'isolated');

    // take-profit and stop-loss 5 % either side of the mark
    await row.getByTestId('tpsl-position').click();
    const dialog = page.getByTestId('tpsl-dialog');
    const mark = Number(position.markPrice);
    const takeProfit = (Math.ceil(mark * 1.05 * 100) / 100).toFixed(2);
    const stopLoss = (Math.floor(mark * 0.95 * 100) / 100).toFixed(2);
    await dialog.getByLabel('Take-profit price').fill(takeProfit);
    await dialog.getByLabel('Stop-loss price').fill(stopLoss);
    await snap(page, 'phone-perp-tpsl');
    await dialog.getByTestId('tpsl-save').click();
    await page.getByText('Take-profit and stop-loss saved').first().waitFor();
    [position] = await api('/asset/api/contract/openList', { token, method: 'GET' });
    assert.equal(Number(position.takeProfit), Number(takeProfit));
    assert.equal(Number(position.stopLoss), Number(stopLoss));

    // the row follows the feed without a reload
    const before = await row.innerText();
    await page.waitForFunction((text) => document.querySelector('[data-testid="position-row"]')?.textContent !== text, before.replace(/\n/g, ''), { timeout: 30_000 }).catch(() => {});
    await row.getByText(/[+−]?\d/).first().waitFor();
    assert.notEqual(await row.innerText(), before, 'the position row did not move with the feed');
    await snap(page, 'phone-perp-position');

    // close half, then reverse the rest
    await row.getByTestId('close-position').click();
    const close = page.getByTestId('close-dialog');
    await close.getByTestId('close-50').click();
    assert.equal(await close.getByTestId('close-confirm').innerText(), 'Close part');
    await close.getByTestId('close-confirm').click();
    await page.getByText(/^Position closed at [\d.,]+$/).first().waitFor();
    [position] = await api('/asset/api/contract/openList', { token, method: 'GET' });
    assert.equal(position.quantity, '0.01');
    await row.getByTestId('reverse-position').click();
    await page.getByText(/^Position reversed at [\d.,]+$/).first().waitFor();
    await page.locator('[data-testid="position-row"][data-side="short"]').waitFor();
    const open = await api('/asset/api/contract/openList', { token, method: 'GET' });
    assert.deepEqual(open.map((p) => [p.side, p.quantity]), [['short', '0.01']]);

    // the reversed-away long's history: its open, the half closed and the reverse, each with its recorded tick
    const perpLists = page.getByTestId('lists-perp');
    await perpLists.getByTestId('list-tab-history').click();
    await perpLists.getByTestId('closed-position-row').first().getByRole('link', { name: 'BTCUSDT' }).click();
    await page.waitForURL('**/pages/trade-margin/perpetual-contract/history-detail?**');
    const { list: closed } = await api('/asset/api/contract/closeList', { token, method: 'GET' });
    const detail = await api('/asset/api/contract/detail', { token, method: 'GET', query: { positionId: closed[0].id } });
    assert.deepEqual(detail.fills.map((f) => f.kind), ['open', 'close', 'reverse']);
    await checkEvidence(page, detail.fills);
    // each closing fill says how and when it closed
    const fillRows = page.getByTestId('position-fill');
    assert.deepEqual(await fillRows.evaluateAll((rows) => rows.map((row) => row.dataset.closeType)), ['', 'manual', 'reverse']);
    await fillRows.nth(1).getByText('Manual close').waitFor();
    await fillRows.nth(2).getByText('Reversed').waitFor();
    await fillRows.nth(1).scrollIntoViewIfNeeded();
    await snap(page, 'phone-perp-history-fills');
    await snap(page, 'phone-perp-history-detail');

    // the short it opened, on the position screen
    await page.goto(`/pages/trade-margin/perpetual-contract/position-detail?positionId=${open[0].id}`);
    await checkEvidence(page, (await api('/asset/api/contract/detail', { token, method: 'GET', query: { positionId: open[0].id } })).fills);
    await snap(page, 'phone-perp-position-detail');
  }));

test('phone: an unverified user who tries to trade is sent to KYC, passes it, goes back to trade and is not sent to KYC again', () =>
  h.withPage({ viewport: 'phone', name: 'trade-unverified' }, async (page) => {
    const { token } = await signUp(`trade-unverified-${Date.now()}@example.com`);
    await logIn(page, { token, userInfo: await api('/asset/api/user/info', { token }) });
    await page.goto('/pages/trade-margin/index?symbol=BTCUSDT');
    await enterOrder(page.getByTestId('order-form-spot'), { quantity: '0.01' });
    await page.waitForURL('**/pages/profile/kyc-verification/index?type=trade&redirect=**');
    await page.getByTestId('kyc-trade-notice').waitFor();
    await snap(page, 'phone-trade-kyc');

    // the embedded auto-review verifies at once; the session (stored at login as unverified) must follow it
    await fillKycForm(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('kyc-status-verified').waitFor();
    assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('userInfo'))).kycStatus, 'verified');
    await page.getByRole('button', { name: 'Back to trade' }).click();
    await page.waitForURL('**/pages/trade-margin/index?symbol=BTCUSDT');

    // the same Buy now passes the gate: this unfunded account meets its balance check (or the receipt), not KYC
    const spot = page.getByTestId('order-form-spot');
    await spot.getByTestId('order-available').getByText(/USDT$/).waitFor();
    await enterOrder(spot, { quantity: '0.01' });
    await page.getByText('Insufficient balance').or(page.getByTestId('trade-receipt')).first().waitFor();
    assert.match(page.url(), /\/pages\/trade-margin\/index\?symbol=BTCUSDT$/);

    // a reload puts the login's unverified user back (logIn's init script): the gate asks user/info again
    await page.reload();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').kycStatus === 'verified');
    await enterOrder(page.getByTestId('order-form-spot'), { quantity: '0.01' });
    await page.getByText('Insufficient balance').or(page.getByTestId('trade-receipt')).first().waitFor();
    assert.doesNotMatch(page.url(), /kyc-verification/);
  }));

/** The trade screen with an open position, its receipt sheet open, in one language at one size. */
async function languageShots(page, { viewport, lang, url }) {
  await page.goto(`${url}?symbol=BTCUSDT&tab=perp`);
  const perp = page.getByTestId('order-form-perp');
  await perp.getByTestId('order-available').getByText(/USDT$/).waitFor();
  await page.getByTestId('position-row').first().waitFor();
  await page.getByTestId('order-book').getByTestId('book-ask').first().waitFor();
  // the desktop grid's chart loads after the rest: the shot waits for it drawn
  if (viewport === 'desktop') await page.getByTestId('trade-desktop').locator('canvas').first().waitFor();
  await snap(page, `${viewport}-trade-perp-${lang}`);
  // further down: the feed's prices (said to be the feed's, not other users' trades) and the position row
  await page.getByTestId('recent-trades').getByTestId('trade-print').first().waitFor();
  await page.getByTestId('recent-trades').scrollIntoViewIfNeeded();
  await snap(page, `${viewport}-trade-feed-${lang}`);
  await perp.getByTestId('kind-market').click();
  await perp.locator('input[inputmode="decimal"]').first().fill('0.01');
  await perp.getByTestId('order-submit').click();
  await page.locator('[data-testid="receipt-facts"][data-estimate="server"]').waitFor();
  await snap(page, `${viewport}-perp-receipt-${lang}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('tab-spot').click();
  await page.getByTestId('order-form-spot').getByTestId('order-available').getByText(/USDT$/).waitFor();
  await snap(page, `${viewport}-trade-spot-${lang}`);
}

test('desktop: the trading grid — spot buy, 10× long, the lists below — and both sizes in English, German and Japanese', { timeout: 300_000 }, async () => {
  const trader = await verifiedTrader(`trade-desk-${Date.now()}@example.com`, '20000');
  const { token } = trader;
  for (const toWallet of ['spot', 'contract']) await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet, asset: 'USDT', amount: '5000', requestId: `e2e-transfer-${toWallet}-${Date.now()}` } });

  await h.withPage({ viewport: 'desktop', name: 'trade-desktop' }, async (page) => {
    await logIn(page, trader);
    await page.goto('/pages/desktop/trade?symbol=BTCUSDT');
    await page.getByTestId('trade-desktop').waitFor();
    const spot = page.getByTestId('order-form-spot');
    await spot.getByTestId('order-available').getByText('5,000.00 USDT').waitFor();
    await enterOrder(spot, { quantity: '0.01' });
    await page.getByTestId('trade-receipt').getByTestId('receipt-confirm').click();
    await page.getByText(/^Bought 0\.01 BTC at [\d.,]+$/).first().waitFor();
    await page.getByTestId('tab-perp').click();
    const perp = page.getByTestId('order-form-perp');
    await perp.getByTestId('order-available').getByText('5,000.00 USDT').waitFor();
    await enterOrder(perp, { quantity: '0.02' });
    await page.getByTestId('trade-receipt').getByTestId('receipt-confirm').click();
    await page.getByTestId('position-row').waitFor();
    // a limit long sized by USDT amount, 5 % below the market so it rests (inside the 10 % price band): amount /
    // price rounded down to 5 decimals
    const limit = (Math.floor((await lastPrice()) * 0.95 * 100) / 100).toFixed(2);
    await perp.getByTestId('kind-limit').click();
    await perp.getByLabel('Price (USDT)').fill(limit);
    await perp.getByTestId('size-unit').click();
    await perp.getByLabel('Amount (USDT)').fill('200');
    await perp.getByTestId('order-submit').click();
    const quantity = (Math.floor((200 / Number(limit)) * 1e5) / 1e5).toFixed(5);
    await page.getByTestId('trade-receipt').getByTestId('receipt-quantity').getByText(`${quantity} BTC`).waitFor();
    await page.getByTestId('trade-receipt').getByTestId('receipt-confirm').click();
    await page.getByText(/^Long order placed: [\d.]+ BTC at [\d.,]+$/).first().waitFor();
    const [resting] = await api('/asset/api/contract/limitList', { token, method: 'GET' });
    assert.deepEqual([resting.amount, Number(resting.quantity), Number(resting.price)], ['200', Number(quantity), Number(limit)]);
    await api('/asset/api/contract/cancelPosition', { token, body: { orderId: resting.id } });
    await snap(page, 'desktop-trade-grid');
    // nothing in the grid moves when prices tick: the form's box stays where it is
    const box = await perp.boundingBox();
    await page.waitForTimeout(3_000);
    assert.deepEqual(await perp.boundingBox(), box);
  });

  for (const lang of ['en', 'ge', 'jp']) {
    await h.withPage({ viewport: 'phone', name: `trade-phone-${lang}` }, async (page) => {
      await logIn(page, trader, lang);
      await languageShots(page, { viewport: 'phone', lang, url: '/pages/trade-margin/index' });
    });
    await h.withPage({ viewport: 'desktop', name: `trade-desktop-${lang}` }, async (page) => {
      await logIn(page, trader, lang);
      await languageShots(page, { viewport: 'desktop', lang, url: '/pages/desktop/trade' });
    });
  }
});
