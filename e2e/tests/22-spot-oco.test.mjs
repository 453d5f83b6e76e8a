// An OCO on a spot holding, as a user places it, against the real server and its simulated feed: a verified
// trader buys BTC at market (API), then on the trade screen picks OCO, enters a take-profit above the market and a
// stop-limit below it, reads the receipt sentence, places it and sees it in the open orders with both legs; the
// holding is frozen once. Phone and desktop, with screenshots in English, German (phone) and Japanese (desktop).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);

const lastPrice = async () => Number((await api('/api/market/getMarketPrice', { method: 'GET', query: { symbol: 'BTCUSDT' } })).price);
/** A decimal string as an exact count of 1e-18 (no float for a quantity). */
const atto = (value) => {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(18, '0'));
};
const cents = (value) => (Math.floor(value * 100) / 100).toFixed(2);

/** A verified trader holding 0.01 BTC in the spot wallet (bought at market). */
async function holder(email) {
  const trader = await users.verifiedTrader(h, email, '2000');
  await api('/asset/api/account/transferAsset', { token: trader.token, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '1500', requestId: `e2e-oco-${Date.now()}` } });
  const bought = await api('/asset/api/contract-spot/create', { token: trader.token, body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01', requestId: `e2e-oco-buy-${Date.now()}` } });
  assert.equal(bought.status, 'completed');
  // the buy's fee is taken in BTC: the holding is the quantity bought less the fee
  return { ...trader, held: atto(bought.doneQuantity) - atto(bought.fee) };
}

async function placeOco(page, { viewport, lang, url, token }) {
  await page.goto(`${url}?symbol=BTCUSDT`);
  const spot = page.getByTestId('order-form-spot');
  await spot.waitFor();
  await spot.getByTestId('kind-oco').click();
  const form = page.getByTestId('conditional-form-oco');
  await form.waitFor();
  const last = await lastPrice();
  const [tp, stop, stopLimit] = [cents(last * 1.05), cents(last * 0.95), cents(last * 0.945)];
  await form.getByTestId('conditional-quantity').fill('0.004');
  await form.getByTestId('conditional-tp').fill(tp);
  await form.getByTestId('conditional-stop').fill(stop);
  await form.getByTestId('conditional-stop-limit').fill(stopLimit);
  const receipt = form.getByTestId('conditional-receipt');
  if (lang === 'en') {
    const grouped = (value) => Number(value).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await receipt.getByText(`Sells 0.004 BTC at ${grouped(tp)} or, if the price falls to ${grouped(stop)}, at ${grouped(stopLimit)}; the other is cancelled`).waitFor();
  }
  await snap(page, `${viewport}-spot-oco-form-${lang}`);
  await form.getByTestId('conditional-submit').click();
  const row = page.getByTestId('lists-spot').getByTestId('conditional-row').first();
  await row.waitFor();
  await row.getByTestId('conditional-leg-tp').waitFor();
  await row.getByTestId('conditional-leg-sl').waitFor();
  await row.scrollIntoViewIfNeeded();
  await snap(page, `${viewport}-spot-oco-listed-${lang}`);
  const { list } = await api('/asset/api/contract-spot/conditional/list', { token, method: 'GET' });
  assert.equal(list.length >= 1, true);
  assert.deepEqual([list[0].kind, list[0].status, list[0].quantity, list[0].frozen], ['oco', 'pending', '0.004', '0.004']);
  assert.deepEqual(list[0].legs.map((leg) => [leg.leg, leg.type, leg.status]), [['tp', 'limit', 'pending'], ['sl', 'stop-limit', 'pending']]);
  return list[0];
}

test('phone: an OCO on a spot holding, its receipt, and the open orders with both legs (English, German)', { timeout: 300_000 }, async () => {
  const trader = await holder(`oco-phone-${Date.now()}@example.com`);
  for (const lang of ['en', 'ge']) {
    await h.withPage({ viewport: 'phone', name: `oco-phone-${lang}` }, async (page) => {
      await logIn(page, trader, lang);
      await placeOco(page, { viewport: 'phone', lang, url: '/pages/trade-margin/index', token: trader.token });
    });
  }
  // two OCOs of 0.004: each froze its quantity once, 0.008 in all; the rest of the holding stays available
  const [btc] = await api('/asset/api/contract-spot/holdings', { token: trader.token, method: 'GET', query: { symbol: 'BTCUSDT' } });
  assert.equal(btc.frozen, '0.008');
  assert.equal(atto(btc.available), trader.held - atto('0.008'), 'each OCO froze its quantity once, not once per leg');
});

test('desktop: an OCO on a spot holding, then cancelled: both legs cancelled, the hold returned once (English, Japanese)', { timeout: 300_000 }, async () => {
  const trader = await holder(`oco-desk-${Date.now()}@example.com`);
  await h.withPage({ viewport: 'desktop', name: 'oco-desktop-en' }, async (page) => {
    await logIn(page, trader);
    const placed = await placeOco(page, { viewport: 'desktop', lang: 'en', url: '/pages/desktop/trade', token: trader.token });
    const row = page.getByTestId('lists-spot').getByTestId('conditional-row').first();
    await row.getByTestId('cancel-conditional').click();
    await row.waitFor({ state: 'detached' });
    const done = await api('/asset/api/contract-spot/conditional/detail', { token: trader.token, method: 'GET', query: { id: placed.id } });
    assert.deepEqual([done.status, done.frozen, done.legs.map((leg) => leg.status).join()], ['canceled', '0', 'canceled,canceled']);
  });
  await h.withPage({ viewport: 'desktop', name: 'oco-desktop-jp' }, async (page) => {
    await logIn(page, trader, 'jp');
    await placeOco(page, { viewport: 'desktop', lang: 'jp', url: '/pages/desktop/trade', token: trader.token });
  });
});
