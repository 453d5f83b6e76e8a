// The perpetual order types as a trader meets them, against the real server and its simulated feed: a stop-limit
// long is placed with its trigger just above the last price (read on its receipt, shown in the open orders with its
// trigger), waits, and triggers when the feed's last price reaches it, opening the position; a reduce-only trailing
// stop (0.1 % callback on the last price) is placed on that long, shown with its trigger as it trails, and fires once
// the feed falls back 0.1 % from its best price, closing the long. Phone and desktop, screenshots at each step.
// The feed is a random walk (about 0.014 %/s on BTC): both triggers are reached within a minute or two.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);
const lastPrice = async () => Number((await api('/api/market/getMarketPrice', { method: 'GET', query: { symbol: 'BTCUSDT' } })).price);

/** Polls `check` (an API read) until it answers true; the feed decides when, within `ms`. */
async function until(check, ms, what) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  assert.fail(`timed out waiting for ${what}`);
}

async function scenario(page, viewport, token) {
  const perp = page.getByTestId('order-form-perp');
  await perp.getByTestId('order-available').getByText('5,000.00 USDT').waitFor();
  const lists = page.getByTestId('lists-perp');

  // stop-limit long: trigger a few cents above the last price, limit 1 % above it (so it fills when it triggers)
  const trigger = (Math.ceil((await lastPrice()) * 100) / 100 + 0.5).toFixed(2);
  const limit = (Math.ceil(Number(trigger) * 1.01 * 100) / 100).toFixed(2);
  await perp.getByTestId('kind-limit').click();
  await perp.getByTestId('order-condition').selectOption('stop');
  await perp.getByTestId('order-trigger-source').selectOption('last');
  await perp.getByLabel('Trigger price (USDT)', { exact: true }).fill(trigger);
  await perp.getByLabel('Price (USDT)', { exact: true }).fill(limit);
  await perp.getByLabel('Quantity (BTC)').fill('0.01');
  await snap(page, `${viewport}-stop-limit-form`);
  await perp.getByTestId('order-submit').click();
  const receipt = page.getByTestId('trade-receipt');
  assert.match(await receipt.getByTestId('receipt-type').innerText(), /^Stop limit · 10× · Isolated$/);
  await receipt.getByTestId('receipt-order-type').getByText(/^When the last price (rises|falls) to [\d,.]+, a limit order at [\d,.]+ is placed\.$/).waitFor();
  await snap(page, `${viewport}-stop-limit-receipt`);
  await receipt.getByTestId('receipt-confirm').click();
  await receipt.waitFor({ state: 'detached' });
  // the receipt closes as the order is sent: wait for it to be placed (read from the order itself: a trigger this
  // close to the price may be reached within a tick, the stop leaving the open orders for its position)
  const row = lists.getByTestId('perp-order-row');
  let stop;
  await until(async () => {
    stop = (await api('/asset/api/contract/limitList', { token, method: 'GET' }))[0] ?? (await api('/asset/api/contract/openList', { token, method: 'GET' })).length;
    return Boolean(stop);
  }, 30_000, 'the stop-limit to be placed');
  if (typeof stop === 'object') {
    // prices come back normalised ('64964.5' for the 64964.50 typed): compared as numbers
    assert.deepEqual([stop.type, stop.triggerSource, Number(stop.price), Number(stop.triggerPrice)], ['stop_limit', 'last', Number(limit), Number(trigger)]);
    await lists.getByTestId('list-tab-orders').click();
    // shown while it waits, with what it watches (the German and Japanese test below shows one that cannot trigger)
    const shown = await row.getByText(/\(last price\)/).waitFor({ timeout: 10_000 }).then(() => true, () => false);
    if (!shown) assert.equal((await api('/asset/api/contract/limitList', { token, method: 'GET' })).length, 0, 'a waiting stop not shown');
    await snap(page, `${viewport}-stop-limit-open-order`);
  }

  // the feed reaches the trigger: the stop becomes its limit, which the asks fill; one position
  await until(async () => (await api('/asset/api/contract/openList', { token, method: 'GET' })).length === 1, 180_000, 'the stop-limit to trigger');
  const [position] = await api('/asset/api/contract/openList', { token, method: 'GET' });
  assert.deepEqual([position.side, position.quantity], ['long', '0.01']);
  assert.ok(Number(position.entryPrice) <= Number(limit), `filled at ${position.entryPrice}, within the limit ${limit}`);
  await lists.getByTestId('list-tab-positions').click();
  await page.getByTestId('position-row').waitFor();
  await snap(page, `${viewport}-stop-limit-triggered`);

  // reduce-only trailing stop that sells 0.01 (closing the long) 0.1 % below the best last price since placement
  await page.getByTestId('side-sell').click();
  await perp.getByTestId('order-condition').selectOption('trailing');
  await perp.getByTestId('order-trigger-source').selectOption('last');
  await perp.getByLabel('Callback rate (%)').fill('0.1');
  await perp.getByTestId('order-reduce-only').check();
  await perp.getByLabel('Quantity (BTC)').fill('0.01');
  await perp.getByText(/^The trigger would start at [\d,.]+$/).waitFor();
  await perp.getByTestId('order-submit').click();
  await receipt.getByTestId('receipt-order-type').getByText(/^The trigger follows the highest last price since placement, 0\.1% below it/).waitFor();
  await receipt.getByTestId('receipt-order-type').getByText('Reduce-only: only closes your long position (up to its size), never opens a new one.').waitFor();
  await snap(page, `${viewport}-trailing-receipt`);
  await receipt.getByTestId('receipt-confirm').click();
  await receipt.waitFor({ state: 'detached' });
  await lists.getByTestId('list-tab-orders').click();
  await row.getByTestId('perp-order-type').getByText(/^Trailing stop/).waitFor();
  await row.getByText(/\(last price\) · 0\.1%/).waitFor();
  await snap(page, `${viewport}-trailing-open-order`);

  // the feed falls back 0.1 % from its best: the long is closed by the trailing stop, once
  await until(async () => (await api('/asset/api/contract/openList', { token, method: 'GET' })).length === 0, 300_000, 'the trailing stop to fire');
  await lists.getByText('No open orders.').waitFor();
  const closed = (await api('/asset/api/contract/closeList', { token, method: 'GET' })).list;
  assert.equal(closed.length, 1);
  assert.equal(closed[0].id, position.id);
  await lists.getByTestId('list-tab-history').click();
  await lists.getByText('BTCUSDT').first().waitFor();
  await snap(page, `${viewport}-trailing-triggered`);
}

for (const viewport of ['phone', 'desktop']) {
  test(`${viewport}: a stop-limit and a trailing stop placed, shown and triggered by the feed`, { timeout: 600_000 }, async () => {
    const trader = await users.verifiedTrader(h, `types-${viewport}-${Date.now()}@example.com`, '10000');
    const { token } = trader;
    await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'contract', asset: 'USDT', amount: '5000', requestId: `e2e-types-${viewport}-${Date.now()}` } });
    await h.withPage({ viewport, name: `order-types-${viewport}` }, async (page) => {
      await logIn(page, trader);
      await page.goto(viewport === 'phone' ? '/pages/trade-margin/index?symbol=BTCUSDT&tab=perp' : '/pages/desktop/trade?symbol=BTCUSDT');
      if (viewport === 'desktop') await page.getByTestId('tab-perp').click();
      await scenario(page, viewport, token);
    });
  });
}

// The same screens in German and Japanese at both sizes: the condition, trigger and time-in-force fields with their
// receipt, and a waiting stop-limit in the open orders (placed through the API far from the price, so it waits).
test('German and Japanese: the order-type fields, their receipt and a waiting stop in the open orders, phone and desktop', { timeout: 300_000 }, async () => {
  const trader = await users.verifiedTrader(h, `types-lang-${Date.now()}@example.com`, '10000');
  const { token } = trader;
  await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'contract', asset: 'USDT', amount: '5000', requestId: `e2e-types-lang-${Date.now()}` } });
  const last = await lastPrice();
  const far = (Math.floor(last * 0.95 * 100) / 100).toFixed(2);
  const placed = await api('/asset/api/contract/openPosition', {
    token,
    body: { symbol: 'BTCUSDT', side: 'long', type: 'stop_limit', triggerPrice: far, price: far, triggerSource: 'last', timeInForce: 'IOC', quantity: '0.01', leverage: 10, requestId: `e2e-types-lang-stop-${Date.now()}` },
  });
  assert.equal(placed.order.type, 'stop_limit');
  for (const lang of ['ge', 'jp']) {
    for (const viewport of ['phone', 'desktop']) {
      await h.withPage({ viewport, name: `order-types-${viewport}-${lang}` }, async (page) => {
        await logIn(page, trader, lang);
        await page.goto(viewport === 'phone' ? '/pages/trade-margin/index?symbol=BTCUSDT&tab=perp' : '/pages/desktop/trade?symbol=BTCUSDT');
        if (viewport === 'desktop') await page.getByTestId('tab-perp').click();
        const perp = page.getByTestId('order-form-perp');
        await perp.getByTestId('order-available').getByText(/USDT$/).waitFor();
        await perp.getByTestId('kind-limit').click();
        await perp.getByTestId('order-condition').selectOption('stop');
        await perp.getByTestId('order-trigger').fill(far);
        await perp.getByTestId('order-price').fill(far);
        await perp.getByTestId('order-post-only').check();
        await perp.getByTestId('order-size').fill('0.01');
        await perp.getByTestId('order-condition').scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-order-types-form-${lang}`);
        await perp.getByTestId('order-submit').click();
        await page.getByTestId('trade-receipt').getByTestId('receipt-order-type').waitFor();
        await snap(page, `${viewport}-order-types-receipt-${lang}`);
        await page.keyboard.press('Escape');
        const lists = page.getByTestId('lists-perp');
        await lists.getByTestId('list-tab-orders').click();
        await lists.getByTestId('perp-order-row').waitFor();
        await lists.getByTestId('perp-order-row').scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-order-types-open-orders-${lang}`);
      });
    }
  }
});
