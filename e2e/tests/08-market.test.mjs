// The market side in a real browser: the quote list moves with the live stream, and when every connection
// is cut (a network drop through a proxy in front of the server) the socket hub reconnects and prices flow
// again without a reload.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { screenshot, startCuttableProxy, useHarness } from '../harness.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false', MARKET_TICK_MS: '500' } });
let proxy;

after(async () => {
  await proxy?.close();
});

const PRICE = '[data-testid="quote-price-BTCUSDT"]';

/** Waits until the BTCUSDT price shown differs from `previous`, and returns the new one. */
async function nextPrice(page, previous, timeout = 20_000) {
  await page.waitForFunction(
    ([selector, before]) => {
      const text = document.querySelector(selector)?.textContent?.trim();
      return Boolean(text) && text !== before;
    },
    [PRICE, previous],
    { timeout },
  );
  return (await page.locator(PRICE).textContent())?.trim() ?? '';
}

test('the quote list shows live prices with the coin precision', () =>
  h.withPage({ viewport: 'phone', name: 'quotes' }, async (page) => {
    await page.goto('/pages/quote/index');
    await page.locator('[data-testid="quote-row-BTCUSDT"]').waitFor();
    const first = (await page.locator(PRICE).textContent())?.trim() ?? '';
    assert.match(first, /^\d[\d,]*\.\d{2}$/, `BTC shows 2 decimals, got ${first}`);
    const second = await nextPrice(page, first);
    assert.notEqual(second, first);
    await screenshot(page, 'phone-quotes');
  }));

test('a socket dropped under the page reconnects and data flows again, without a reload', () =>
  h.withPage({ viewport: 'phone', name: 'reconnect' }, async (page) => {
    proxy = await startCuttableProxy(Number(new URL(h.baseUrl).port));
    await page.goto(`${proxy.origin}/pages/quote/index`);
    await page.locator('[data-testid="quote-row-BTCUSDT"]').waitFor();
    let price = await nextPrice(page, (await page.locator(PRICE).textContent())?.trim() ?? '');
    await page.evaluate(() => {
      window.__noReload = true;
    });
    const cut = proxy.cutAll();
    assert.ok(cut > 0, 'no connection went through the proxy');
    const afterReconnect = await nextPrice(page, price);
    await nextPrice(page, afterReconnect);
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page reloaded instead of reconnecting');
  }));

test('after the five reconnect attempts fail, "live prices paused" shows with a retry; retry, and the page becoming visible, bring prices back', { timeout: 180_000 }, () =>
  h.withPage({ viewport: 'phone', name: 'paused' }, async (page) => {
    const paused = await startCuttableProxy(Number(new URL(h.baseUrl).port));
    try {
      await page.goto(`${paused.origin}/pages/quote/index`);
      await page.locator('[data-testid="quote-row-BTCUSDT"]').waitFor();
      await nextPrice(page, (await page.locator(PRICE).textContent())?.trim() ?? '');
      const banner = page.locator('[data-testid="live-paused"]');
      assert.equal(await banner.count(), 0, 'paused while the stream flows');

      for (const recover of ['retry', 'visible']) {
        paused.refuse(true);
        paused.cutAll();
        // five attempts 2 s apart, then the visible paused state
        await banner.waitFor({ timeout: 40_000 });
        if (recover === 'retry') await screenshot(page, 'phone-live-paused');
        paused.refuse(false);
        if (recover === 'retry') await page.getByTestId('live-paused-retry').click();
        else await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        await banner.waitFor({ state: 'detached', timeout: 20_000 });
        // prices move again
        await nextPrice(page, (await page.locator(PRICE).textContent())?.trim() ?? '');
      }
    } finally {
      await paused.close();
    }
  }));

test('at a desktop width, a direct link to a mobile page relaunches to its desktop page', () =>
  h.withPage({ viewport: 'desktop', name: 'relaunch' }, async (page) => {
    await page.goto('/pages/quote/index');
    await page.waitForURL('**/pages/desktop/market');
    await page.locator('[data-testid="topnav"]').first().waitFor();
  }));
