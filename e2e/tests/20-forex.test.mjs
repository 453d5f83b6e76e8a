// The Forex tab in hours, against the real server and its simulated feed with the server's clock at a Wednesday
// noon UTC (MERIDIAN_TEST_CLOCK; the feed ticks forex pairs only while the FX calendar is open, and it runs on the
// app's clock, so the pairs move): a verified trader moves USDT to the contract wallet, opens AUDCAD 0.01 lot long
// at 10× after reading the receipt and its liquidation price, sees the position in lots, closes it and reads the
// history with each fill's recorded tick. Phone and desktop, screenshots in English, German and Japanese.
// 20-forex-closed.test.mjs has the closed market.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap, transfer } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false', MERIDIAN_TEST_CLOCK: '2026-11-25T12:00:00Z' } });
const api = (path, options) => users.api(h, path, options);
const FOREX = '/pages/trade-margin/index?tab=forex';

/** Opens AUDCAD 0.01 lot long at 10× through the form, after checking its receipt; the receipt's liquidation price. */
async function openLong(page, shot) {
  const form = page.getByTestId('forex-form');
  await form.getByTestId('forex-available').getByText(/USDT$/).waitFor();
  assert.equal(await form.getByTestId('leverage').inputValue(), '10');
  assert.equal(await form.getByTestId('forex-submit').innerText(), 'Open long 10×');
  // the pair's 5 decimals, not the catalogue's 10
  assert.match(await page.getByTestId('forex-ask').innerText(), /^\d\.\d{5}$/);
  await form.getByLabel('Lots').fill('0.01');
  await form.getByTestId('forex-submit').click();
  const receipt = page.getByTestId('trade-receipt');
  const liquidation = (await receipt.getByTestId('receipt-liquidation').innerText()).match(/^none → (\d\.\d{5})$/);
  assert.ok(liquidation, 'the receipt shows the liquidation price before → after');
  assert.match(await receipt.getByTestId('receipt-distance').innerText(), /^\d+\.\d{2}%$/);
  assert.equal(await receipt.getByTestId('receipt-quantity').innerText(), '0.01 lots (1,000 AUD)');
  await snap(page, shot);
  await receipt.getByTestId('receipt-confirm').click();
  await page.getByText(/^AUDCAD position opened at \d\.\d{5}$/).first().waitFor();
  return liquidation[1];
}

/** Closes the open AUDCAD position from its row and reads its history entry and detail with the recorded ticks. */
async function closeAndReadHistory(page, token, shot) {
  const lists = page.getByTestId('lists-forex');
  await lists.getByTestId('position-row').getByTestId('close-position').click();
  await page.getByTestId('close-dialog').getByTestId('close-confirm').click();
  await page.getByText(/^Position closed at [\d.,]+$/).first().waitFor();
  await lists.getByText('No open positions.').waitFor().catch(() => {});
  await lists.getByTestId('forex-tab-history').click();
  // the phone's card or the desktop table's row (its size cell: "0.01 lots (…)")
  const row = lists.locator('[data-testid="forex-history-row"], [data-testid="closed-position-row"]').first();
  await row.getByText(/0\.01 lots/).first().waitFor();
  const { list } = await api('/asset/api/forex/contract/getContractList', { token, method: 'GET', query: { status: 'history' } });
  assert.deepEqual([list[0].symbol, list[0].lots, list[0].status], ['AUDCAD', '0.01', 'closed']);
  await row.getByRole('link', { name: 'AUDCAD' }).click();
  await page.waitForURL('**/pages/trade-margin/perpetual-contract/history-detail?**');
  const detail = await api('/asset/api/contract/detail', { token, method: 'GET', query: { positionId: list[0].id } });
  assert.deepEqual(detail.fills.map((f) => f.kind), ['open', 'close']);
  const shown = page.getByTestId('fill-evidence');
  await shown.first().waitFor();
  assert.equal(await shown.count(), 2);
  for (let i = 0; i < 2; i += 1) {
    const text = await shown.nth(i).innerText();
    assert.match(text, /AUDCAD (ask|bid)/, text);
    assert.match(text, new RegExp(detail.fills[i].receiptHash));
  }
  await snap(page, shot);
}

test('phone: transfer, AUDCAD 0.01 lot long at 10× after its receipt, the position in lots, close, history with recorded ticks', { timeout: 150_000 }, () =>
  h.withPage({ viewport: 'phone', name: 'forex-phone' }, async (page) => {
    const trader = await users.verifiedTrader(h, `forex-${Date.now()}@example.com`, '5000');
    const { token } = trader;
    await logIn(page, trader);
    await transfer(page, 'contract', '1000');
    await page.goto(FOREX);
    await page.getByTestId('forex-form').getByTestId('forex-available').getByText('1,000.00 USDT').waitFor();
    await snap(page, 'phone-forex-form-en');
    const shownLiquidation = await openLong(page, 'phone-forex-receipt-en');

    const row = page.getByTestId('lists-forex').getByTestId('position-row');
    await row.getByText('0.01 lots (1,000 AUD)').waitFor();
    const { list } = await api('/asset/api/forex/contract/getContractList', { token, method: 'GET' });
    assert.deepEqual([list[0].symbol, list[0].side, list[0].lots, list[0].leverage], ['AUDCAD', 'long', '0.01', 10]);
    // the receipt named the liquidation price the engine set (the same entry unless the ask moved in between)
    const entryAsk = Number(list[0].entryPrice);
    assert.ok(Math.abs(Number(list[0].liquidationPrice) - Number(shownLiquidation)) <= Math.abs(entryAsk * 0.001), `${list[0].liquidationPrice} vs ${shownLiquidation}`);
    await row.scrollIntoViewIfNeeded();
    await snap(page, 'phone-forex-position-en');
    await closeAndReadHistory(page, token, 'phone-forex-history-detail-en');
  }));

test('desktop: the same in the grid with the chart; both sizes in English, German and Japanese', { timeout: 150_000 }, async () => {
  const trader = await users.verifiedTrader(h, `forex-desk-${Date.now()}@example.com`, '5000');
  const { token } = trader;
  await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'contract', asset: 'USDT', amount: '1000', requestId: `e2e-forex-${Date.now()}` } });

  await h.withPage({ viewport: 'desktop', name: 'forex-desktop' }, async (page) => {
    await logIn(page, trader);
    await page.goto('/pages/desktop/trade?tab=forex');
    await page.getByTestId('trade-desktop').locator('canvas').first().waitFor();
    await openLong(page, 'desktop-forex-receipt-en');
    await page.getByTestId('lists-forex').getByTestId('position-row').getByText('0.01 lots (1,000 AUD)').waitFor();
    await closeAndReadHistory(page, token, 'desktop-forex-history-detail-en');
  });

  // an open position for the language shots
  await api('/asset/api/forex/contract/create', { token, body: { symbol: 'AUDCAD', side: 'long', lots: '0.02', leverage: 20, requestId: `e2e-forex-open-${Date.now()}` } });
  for (const viewport of ['phone', 'desktop'])
    for (const lang of ['en', 'ge', 'jp'])
      await h.withPage({ viewport, name: `forex-${viewport}-${lang}` }, async (page) => {
        await logIn(page, trader, lang);
        await page.goto(viewport === 'desktop' ? '/pages/desktop/trade?tab=forex' : FOREX);
        const form = page.getByTestId('forex-form');
        await form.getByTestId('forex-available').getByText(/USDT$/).waitFor();
        await page.getByTestId('lists-forex').getByTestId('position-row').waitFor();
        if (viewport === 'desktop') await page.getByTestId('trade-desktop').locator('canvas').first().waitFor();
        await snap(page, `${viewport}-forex-${lang}`);
        await form.getByTestId('side-sell').click();
        await form.getByTestId('forex-lots').fill('0.05');
        await form.getByTestId('forex-submit').click();
        await page.getByTestId('receipt-distance').waitFor();
        await snap(page, `${viewport}-forex-receipt-short-${lang}`);
      });
});
