// The chart screen and the home market widget in a real browser, against the server's own K-lines and streams:
// the chart opens with history and its last candle follows the quote stream, the order book follows a symbol
// change (the old depth subscription is released), a favourite set on the chart survives a reload, and the
// shell's home shows mf_trading's live market widget, which opens the chart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, useHarness, visible } from '../harness.mjs';
import { logIn, signUp } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false', MARKET_TICK_MS: '500' } });

const CLOSE = '[data-testid="ohlc-close"]';
const TIME = '[data-testid="ohlc-time"]';
/** A BTC price as the screens show it: 2 decimals half up, grouped ("64,223.99"), from the exact decimal text. */
const shownPrice = (value) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'halfExpand' }).format(String(value));

/** The read-out's "YYYY-MM-DD HH:mm (UTC)" as epoch ms. */
const utc = (text) => Date.parse(`${text.trim().slice(0, 16).replace(' ', 'T')}:00Z`);

/** Waits until the text of `selector` differs from `previous`; returns the new text. */
async function nextText(page, selector, previous, timeout = 20_000) {
  await page.waitForFunction(
    ([s, before]) => {
      const text = document.querySelector(s)?.textContent?.trim();
      return Boolean(text) && text !== before;
    },
    [selector, previous],
    { timeout },
  );
  return (await page.locator(selector).textContent())?.trim() ?? '';
}

test('the chart opens with the server’s history and its last candle moves with the stream', () =>
  h.withPage({ viewport: 'phone', name: 'chart' }, async (page) => {
    const history = page.waitForResponse((res) => res.url().includes('/api/market/klines'));
    await page.goto('/pages/trade-chart/index?symbol=BTCUSDT&interval=1m');
    const klines = await (await history).json();
    assert.equal(klines.data.symbol, 'BTCUSDT');
    assert.ok(klines.data.bars.length > 100, `history has ${klines.data.bars.length} bars`);
    const lastBar = klines.data.bars.at(-1);

    await visible(page, '[data-testid="kline-chart"] canvas');
    // the read-out starts on the forming bar (or the next one, if a minute turned meanwhile)
    const shownAt = utc(await page.locator(TIME).textContent());
    assert.ok([lastBar.openTime, lastBar.openTime + 60_000].includes(shownAt), `read-out at ${shownAt}, last bar ${lastBar.openTime}`);

    // the crosshair over an older candle reads out exactly the server's bar
    const box = await page.locator('[data-testid="kline-chart"]').boundingBox();
    const before = (await page.locator(TIME).textContent())?.trim();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
    const hoveredAt = utc(await nextText(page, TIME, before));
    const bar = klines.data.bars.find((item) => item.openTime === hoveredAt);
    assert.ok(bar && hoveredAt < lastBar.openTime, `hovered ${hoveredAt}`);
    const readout = (await page.locator('[data-testid="ohlc-readout"]').textContent()) ?? '';
    for (const [label, value] of [['Open', bar.open], ['High', bar.high], ['Low', bar.low]]) {
      assert.ok(readout.includes(`${label} ${shownPrice(value)}`), `${label} ${value} in "${readout}"`);
    }
    assert.equal((await page.locator(CLOSE).textContent())?.trim(), shownPrice(bar.close));
    await screenshot(page, 'phone-chart-crosshair');

    // off the chart, the read-out follows the live last candle
    const hovered = (await page.locator(TIME).textContent())?.trim();
    await page.mouse.move(2, 2);
    await nextText(page, TIME, hovered);
    const first = (await page.locator(CLOSE).textContent())?.trim() ?? '';
    assert.match(first, /^\d{1,3}(,\d{3})*\.\d{2}$/, `BTC closes show 2 decimals, grouped, got ${first}`);
    const moved = await nextText(page, CLOSE, first);
    assert.notEqual(moved, first);
    assert.match((await page.locator('[data-testid="chart-last"]').textContent()) ?? '', /^\d{1,3}(,\d{3})*\.\d{2}$/);
    await visible(page, '[data-testid="depth-bid"]');
    await screenshot(page, 'phone-chart');

    await page.locator('[data-testid="toggle-boll"]').click();
    await page.locator('[data-testid="interval-1h"]').click();
    await page.waitForResponse((res) => res.url().includes('/api/market/klines') && res.url().includes('interval=1h'));
    await visible(page, '[data-testid="kline-chart"] canvas');
    assert.match((await page.locator('[data-testid="ohlc-time"]').textContent()) ?? '', /:00 \(UTC\)$/);
  }));

test('the order book follows a symbol change and releases the old subscription', () =>
  h.withPage({ viewport: 'phone', name: 'depth' }, async (page) => {
    const sent = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/ws/depth')) ws.on('framesent', (frame) => sent.push(String(frame.payload)));
    });
    await page.goto('/pages/trade-chart/index?symbol=BTCUSDT');
    await page.locator('[data-testid="depth-panel"][data-symbol="BTCUSDT"] [data-testid="depth-bid"]').first().waitFor();
    assert.equal(await page.locator('[data-testid="depth-bid"]').count(), 10);

    await page.locator('[data-testid="chart-symbol"]').click();
    await page.locator('[data-testid="picker-search"]').fill('ethusdt');
    await page.locator('[data-testid="pick-ETHUSDT"]').click();
    await page.locator('[data-testid="depth-panel"][data-symbol="ETHUSDT"] [data-testid="depth-bid"]').first().waitFor();
    assert.equal(new URL(page.url()).searchParams.get('symbol'), 'ETHUSDT');
    const bestBid = Number((await page.locator('[data-testid="depth-bid"] td').first().textContent())?.trim().replaceAll(',', ''));
    assert.ok(bestBid > 100 && bestBid < 20_000, `an ETH price, got ${bestBid}`);
    await page.waitForFunction(() => document.querySelector('[data-testid="chart-symbol"]')?.textContent?.includes('ETHUSDT'));
    const messages = sent.map((text) => JSON.parse(text));
    assert.ok(
      messages.some((m) => m.method === 'UNSUBSCRIBE' && m.params?.includes('btcusdt@depth')),
      `the old symbol was unsubscribed: ${sent.join(' | ')}`,
    );
    assert.ok(messages.some((m) => m.method === 'SUBSCRIBE' && m.params?.includes('ethusdt@depth')));
  }));

test('a favourite starred on the chart is still starred after a reload', () =>
  h.withPage({ viewport: 'phone', name: 'favourite' }, async (page) => {
    await logIn(page, await signUp(h, `chart-${Date.now()}@example.com`));
    await page.goto('/pages/trade-chart/index?symbol=SOLUSDT');
    const star = page.locator('[data-testid="chart-favorite"]');
    await page.waitForResponse((res) => res.url().includes('/asset/api/favorite/list'));
    assert.equal(await star.getAttribute('aria-pressed'), 'false');
    const saved = page.waitForResponse((res) => res.url().includes('/asset/api/favorite/insert'));
    await star.click();
    assert.equal((await (await saved).json()).code, 0);

    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid="chart-favorite"]')?.getAttribute('aria-pressed') === 'true');
    // the last viewed market is remembered: the chart without a symbol opens it
    await page.goto('/pages/trade-chart/index');
    await page.waitForFunction(() => document.querySelector('[data-testid="chart-symbol"]')?.textContent?.includes('SOLUSDT'));
  }));

test('home shows mf_trading’s live market widget, and a tap opens that chart', () =>
  h.withPage({ viewport: 'phone', name: 'home-widget' }, async (page) => {
    await page.goto('/pages/home/index');
    const price = '[data-testid="widget-price-BTCUSDT"]';
    await visible(page, price);
    const first = (await page.locator(price).textContent())?.trim() ?? '';
    await nextText(page, price, first);
    await screenshot(page, 'phone-home-widget');

    const row = page.locator('[data-testid^="widget-row-"]').nth(1);
    const symbol = (await row.getAttribute('data-testid')).replace('widget-row-', '');
    await row.click();
    await page.waitForURL((url) => url.pathname === '/pages/trade-chart/index' && url.searchParams.get('symbol') === symbol);
    await visible(page, '[data-testid="kline-chart"] canvas');
    assert.match((await page.locator('[data-testid="chart-symbol"]').textContent()) ?? '', new RegExp(symbol));
  }));

test('with mf_trading down, home shows the widget’s fallback card and everything else', () =>
  h.withPage({ viewport: 'phone', name: 'home-widget-down' }, async (page) => {
    // the staging override points mf_trading at a port where nothing listens
    await page.goto(`/pages/home/index?mf-override=mf_trading=${h.closedOrigin}/mf-manifest.json`);
    const card = page.locator('[data-testid="market-widget-fallback"]');
    await card.waitFor({ timeout: 40_000 });
    assert.match((await card.textContent()) ?? '', /market overview is unavailable/);
    await card.getByRole('button', { name: 'Retry' }).waitFor();
    await visible(page, 'h1#page-title');
    await visible(page, '[data-testid="tabbar"]');
    assert.ok((await page.getByRole('link', { name: /Spot & contracts/ }).count()) > 0);
    await screenshot(page, 'phone-home-widget-down');
  }));

test('desktop: the chart beside its order book, and the home widget', () =>
  h.withPage({ viewport: 'desktop', name: 'desktop' }, async (page) => {
    await page.goto('/pages/trade-chart/index?symbol=ETHUSDT&interval=15m');
    await visible(page, '[data-testid="kline-chart"] canvas');
    await visible(page, '[data-testid="depth-bid"]');
    const chart = await page.locator('[data-testid="kline-chart"]').boundingBox();
    const depth = await page.locator('[data-testid="depth-panel"]').boundingBox();
    assert.ok(chart && depth && depth.x > chart.x + chart.width - 1, 'the order book sits to the right of the chart');
    await screenshot(page, 'desktop-chart');
    // the canvas repaints in the dark theme's colours
    await page.locator('[data-testid="theme-switch"]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.waitForTimeout(300);
    await screenshot(page, 'desktop-chart-dark');
    await page.locator('[data-testid="theme-switch"]').click();

    await page.goto('/pages/home/index');
    await visible(page, '[data-testid="widget-price-BTCUSDT"]');
    await screenshot(page, 'desktop-home-widget');
  }));
