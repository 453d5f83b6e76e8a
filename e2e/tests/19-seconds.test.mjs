// Seconds contracts as a new user meets them, against the real server, its simulated feed and its settlement job:
// a KYC-verified trader moves USDT to the option wallet through the transfer screen, opens the Seconds tab, reads
// the risk disclosure before the first purchase, buys a 30 s Up contract on BTCUSDT after its confirmation sheet,
// watches the countdown run down, sees the settlement arrive by push, and reads both ticks, the receipt hashes
// and the K-line marks on the contract's page — each checked against the server's own detail and K-line calls.
// Phone and desktop; screenshots of the form, the disclosure and the detail in English, German and Japanese.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap, transfer } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);
/** A BTC price as the screens show it: 2 decimals half up, grouped ("64,223.99"), from the exact decimal text. */
const shownPrice = (text) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'halfExpand' }).format(String(text));
const verifiedTrader = (email, usdt) => users.verifiedTrader(h, email, usdt);
/** Time as the screens write record times: UTC to the millisecond. */
const utc = (iso) => `${new Date(iso).toISOString().slice(0, 23).replace('T', ' ')} UTC`;
/** Settlement takes the first recorded tick at or after expiry (the feed ticks every second) and a job run. */
const SETTLE_TIMEOUT = 75_000;

/** Collects the positions stream's SECOND_CONTRACT pushes the page receives. */
function recordPushes(page) {
  const pushes = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/ws/positions')) return;
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (!text.includes('SECOND_CONTRACT')) return;
      try {
        pushes.push(JSON.parse(text));
      } catch {
        pushes.push({ raw: text });
      }
    });
  });
  return pushes;
}

/** The contract's page against the server's detail and its 1-minute K-line: prices, times, source, hashes, candles. */
async function checkDetail(page, token, id) {
  const detail = await api('/transaction/api/contract/detail', { token, method: 'GET', query: { id } });
  assert.equal(detail.contract.status, 'settled');
  const open = page.getByTestId('seconds-open-evidence');
  await open.waitFor();
  for (const [which, tick] of [['open', detail.openTick], ['close', detail.closeTick]]) {
    const text = await page.getByTestId(`seconds-${which}-evidence`).innerText();
    assert.ok(text.startsWith(`${which === 'open' ? 'Opened' : 'Closed'} at ${tick.price} — BTCUSDT last price at ${utc(tick.feedTime)}, simulated feed`), text);
  }
  assert.equal(await page.getByTestId('seconds-open-receipt').innerText(), detail.openReceiptHash);
  assert.equal(await page.getByTestId('seconds-close-receipt').innerText(), detail.settleReceiptHash);
  assert.match(detail.openReceiptHash, /^[0-9a-f]{64}$/);
  assert.match(detail.settleReceiptHash, /^[0-9a-f]{64}$/);
  // the closing tick is the first one at or after expiry
  assert.ok(new Date(detail.closeTick.feedTime) >= new Date(detail.contract.expiresAt));

  // the recorded K-line agrees: each price lies within the [low, high] of the 1-minute candle containing its tick
  const { bars } = await api('/api/market/klines', { method: 'GET', query: { symbol: 'BTCUSDT', interval: '1m', limit: '30' } });
  for (const tick of [detail.openTick, detail.closeTick]) {
    const at = new Date(tick.feedTime).getTime();
    const bar = bars.find((b) => b.openTime <= at && at < b.openTime + 60_000);
    assert.ok(bar, `no 1-minute candle holds ${tick.feedTime}`);
    assert.ok(Number(bar.low) <= Number(tick.price) && Number(tick.price) <= Number(bar.high), `${tick.price} outside [${bar.low}, ${bar.high}] of ${new Date(bar.openTime).toISOString()}`);
  }
  // the page says the same, and marks both on its chart
  for (const which of ['open', 'close']) assert.equal(await page.getByTestId(`seconds-kline-check-${which}`).getAttribute('data-agrees'), 'true');
  await page.getByTestId('seconds-chart').locator('canvas').first().waitFor();
  return detail;
}

test('phone: option wallet, disclosure, a 30 s Up contract on BTCUSDT, the countdown, settlement by push, the evidence', { timeout: 180_000 }, () =>
  h.withPage({ viewport: 'phone', name: 'seconds-phone' }, async (page) => {
    const trader = await verifiedTrader(`seconds-${Date.now()}@example.com`, '2000');
    const { token } = trader;
    const pushes = recordPushes(page);
    await logIn(page, trader);
    await transfer(page, 'option', '500');

    await page.goto('/pages/trade-margin/index?symbol=BTCUSDT&tab=seconds');
    const form = page.getByTestId('seconds-form');
    await form.getByTestId('seconds-available').getByText('500.00 USDT').waitFor();
    assert.match(await form.getByTestId('seconds-duration-30').innerText(), /^30 sec\s+80 %$/);
    assert.match(await form.getByTestId('seconds-risk-line').innerText(), /Break-even win rate for 30 sec: 55\.56 %\. Most retail traders lose money/);
    await form.getByTestId('seconds-stake').fill('20');
    await snap(page, 'phone-seconds-form');

    // the first purchase starts with the disclosure
    await form.getByTestId('seconds-up').click();
    const disclosure = page.getByRole('dialog', { name: 'Seconds contracts: read before you trade' });
    await disclosure.waitFor();
    assert.match(await disclosure.innerText(), /Most retail traders lose money on such products/);
    assert.match(await disclosure.innerText(), /30 sec\s+80 %\s+55\.56 %/);
    await snap(page, 'phone-seconds-disclosure');
    await disclosure.getByRole('button', { name: 'I understand' }).click();

    const sheet = page.getByTestId('seconds-confirm');
    assert.equal(await sheet.getByTestId('seconds-confirm-payout').innerText(), '36.00 USDT (+16.00)');
    assert.equal(await sheet.getByTestId('seconds-confirm-loss').innerText(), '20.00 USDT');
    assert.equal(await sheet.getByTestId('seconds-confirm-break-even').innerText(), '55.56 %');
    await snap(page, 'phone-seconds-confirm');
    await sheet.getByTestId('seconds-confirm-buy').click();
    await page.getByText(/^Contract opened at [\d.,]+ for 30 sec$/).first().waitFor();

    const { list: open } = await api('/transaction/api/contract/getContractList', { token, method: 'GET', query: { status: 'open' } });
    assert.equal(open.length, 1);
    const [bought] = open;
    assert.deepEqual([bought.symbol, bought.direction, bought.stake, bought.duration.seconds, bought.payoutRatio], ['BTCUSDT', 'up', '20', 30, '0.8']);
    assert.equal(new Date(bought.expiresAt) - new Date(bought.openedAt), 30_000);

    // the countdown runs down on the screen
    const row = page.locator(`[data-testid="seconds-open-row"][data-id="${bought.id}"]`);
    const countdown = row.getByTestId('seconds-countdown');
    await countdown.waitFor();
    const first = Number(await countdown.getAttribute('data-remaining'));
    assert.ok(first > 0 && first <= 30, `countdown starts at ${first}`);
    assert.match(await countdown.innerText(), /^00:[0-3]\d$/);
    await page.waitForFunction(({ id, from }) => Number(document.querySelector(`[data-testid="seconds-open-row"][data-id="${id}"] [data-testid="seconds-countdown"]`)?.getAttribute('data-remaining')) < from, { id: bought.id, from: first });
    assert.equal(await row.getByTestId('seconds-open-price').innerText(), shownPrice(bought.openPrice));
    await snap(page, 'phone-seconds-countdown');

    // settlement: the row leaves the open list when the push arrives, and the history shows both prices
    await row.waitFor({ state: 'detached', timeout: SETTLE_TIMEOUT });
    assert.ok(pushes.some((p) => p.action === 'SECOND_CONTRACT_SETTLE' && String(p.contractId) === bought.id), `pushes: ${JSON.stringify(pushes)}`);
    const { list: history, record } = await api('/transaction/api/contract/getContractList', { token, method: 'GET', query: { status: 'history' } });
    const done = history.find((c) => c.id === bought.id);
    assert.equal(done.status, 'settled');
    // the result sheet of the contract bought here: the server's outcome and the close tick it recorded
    const result = page.getByTestId('seconds-result');
    await result.waitFor({ timeout: SETTLE_TIMEOUT });
    assert.equal(await result.getByTestId('seconds-result-body').getAttribute('data-result'), done.outcome);
    assert.match(await result.getByTestId('seconds-result-tick').innerText(), /\d{2}:\d{2}:\d{2}\.\d{3} UTC/);
    await snap(page, 'phone-seconds-result');
    await result.getByTestId('seconds-result-close').click();
    await result.waitFor({ state: 'detached' });
    const lists = page.getByTestId('lists-seconds');
    await lists.getByTestId('seconds-tab-history').click();
    const settled = lists.locator(`[data-testid="seconds-history-row"][data-id="${bought.id}"]`);
    await settled.waitFor();
    assert.match(await settled.innerText(), new RegExp(shownPrice(done.closePrice).replace('.', '\\.')));
    assert.deepEqual([record.count, record.wins + record.losses + record.ties], [1, 1]);
    assert.equal(await lists.getByTestId('seconds-record-count').innerText(), '1');
    assert.equal(await lists.getByTestId('seconds-record-wins').innerText(), String(record.wins));
    await snap(page, 'phone-seconds-history');

    await settled.getByRole('link', { name: 'BTCUSDT' }).click();
    await page.waitForURL('**/pages/trade-margin/seconds-contract/detail?id=*');
    await checkDetail(page, token, bought.id);
    await snap(page, 'phone-seconds-detail');
    await page.getByTestId('seconds-chart').scrollIntoViewIfNeeded();
    await snap(page, 'phone-seconds-detail-chart');
  }));

/** The form with the disclosure open over it, in one language at one size. */
async function formShots(page, { viewport, lang, url }) {
  await page.goto(`${url}?symbol=BTCUSDT&tab=seconds`);
  const form = page.getByTestId('seconds-form');
  await form.getByTestId('seconds-available').getByText(/USDT$/).waitFor();
  await form.getByTestId('seconds-stake').fill('25');
  if (viewport === 'desktop') await page.getByTestId('trade-desktop').locator('canvas').first().waitFor();
  await snap(page, `${viewport}-seconds-form-${lang}`);
  await form.getByTestId('seconds-disclosure-open').click();
  await page.getByTestId('seconds-disclosure').waitFor();
  await snap(page, `${viewport}-seconds-disclosure-${lang}`);
  // a new browser context: this user has not accepted it here yet
  await page.getByTestId('seconds-disclosure-accept').click();
  await form.getByTestId('seconds-up').click();
  await page.getByTestId('seconds-confirm').waitFor();
  await snap(page, `${viewport}-seconds-confirm-${lang}`);
}

test('desktop: a 30 s Down contract on the grid, then the form, disclosure and detail in English, German and Japanese', { timeout: 180_000 }, async () => {
  const trader = await verifiedTrader(`seconds-desk-${Date.now()}@example.com`, '2000');
  const { token } = trader;
  await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'option', asset: 'USDT', amount: '500', requestId: `e2e-seconds-${Date.now()}` } });

  let id;
  await h.withPage({ viewport: 'desktop', name: 'seconds-desktop' }, async (page) => {
    await logIn(page, trader);
    await page.goto('/pages/desktop/trade?symbol=BTCUSDT&tab=seconds');
    const grid = page.getByTestId('trade-desktop');
    const form = grid.getByTestId('seconds-form');
    await form.getByTestId('seconds-available').getByText('500.00 USDT').waitFor();
    await form.getByTestId('seconds-stake').fill('10');
    await form.getByTestId('seconds-down').click();
    await page.getByTestId('seconds-disclosure').getByTestId('seconds-disclosure-accept').click();
    await page.getByTestId('seconds-confirm').getByTestId('seconds-confirm-buy').click();
    const row = grid.getByTestId('lists-seconds').getByTestId('seconds-open-row');
    await row.waitFor();
    id = await row.getAttribute('data-id');
    await grid.locator('canvas').first().waitFor();
    await snap(page, 'desktop-seconds-grid');
  });

  // while it runs: the form, the disclosure and the confirmation in three languages at both sizes
  for (const lang of ['en', 'ge', 'jp']) {
    await h.withPage({ viewport: 'phone', name: `seconds-phone-${lang}` }, async (page) => {
      await logIn(page, trader, lang);
      await formShots(page, { viewport: 'phone', lang, url: '/pages/trade-margin/index' });
    });
    await h.withPage({ viewport: 'desktop', name: `seconds-desktop-${lang}` }, async (page) => {
      await logIn(page, trader, lang);
      await formShots(page, { viewport: 'desktop', lang, url: '/pages/desktop/trade' });
    });
  }

  // settled (the job may still be on it): the detail in three languages
  const deadline = Date.now() + SETTLE_TIMEOUT;
  let detail = await api('/transaction/api/contract/detail', { token, method: 'GET', query: { id } });
  while (detail.contract.status !== 'settled' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    detail = await api('/transaction/api/contract/detail', { token, method: 'GET', query: { id } });
  }
  assert.equal(detail.contract.direction, 'down');
  for (const lang of ['en', 'ge', 'jp']) {
    for (const viewport of ['phone', 'desktop']) {
      await h.withPage({ viewport, name: `seconds-detail-${viewport}-${lang}` }, async (page) => {
        await logIn(page, trader, lang);
        // a wide window has the grid's own address (it does not stay on a mobile page)
        await page.goto(`${viewport === 'desktop' ? '/pages/desktop/trade/components/history/seconds/contract-detail' : '/pages/trade-margin/seconds-contract/detail'}?id=${id}`);
        if (lang === 'en') await checkDetail(page, token, id);
        else await page.getByTestId('seconds-chart').locator('canvas').first().waitFor();
        await snap(page, `${viewport}-seconds-detail-${lang}`);
        await page.getByTestId('seconds-chart').scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-seconds-detail-chart-${lang}`);
      });
    }
  }
});
