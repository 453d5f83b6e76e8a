// IPO subscriptions and block trades (issue 20), as a user does them with an operator at hand: the operator sets
// the USD rate and publishes an IPO (its seed's SHA-256 shown from the start) and a block offer; the user moves USDT
// to the spot wallet, subscribes to the IPO on the IPO screen (receipt, confirmation), the operator passes it, the
// job draws when the window closes and the screen shows the allocation with its seed, hash, place and totals — and
// the seed's SHA-256 is the hash shown before. Then a block trade: subscribe on the buy screen, the operator
// approves, the records show it approved. Phone (375×812) and desktop (1280×800), English, German and Japanese.
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { test } from 'node:test';
import { runOps, useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);
const LANGS = ['en', 'ge', 'jp'];
const WINDOW_S = 75;

async function ops(argv) {
  const result = await runOps(h.platform, argv);
  assert.equal(result.code, 0, `${argv.join(' ')}: ${result.err}${result.out}`);
  return result.out;
}

let user;
let ipoId;
let hashShown;
let ready;
/** The operator's setup and the user, once for the file (inside the first test: the harness is up by then). */
const setup = () => (ready ??= (async () => {
  await ops(['stock:rate', 'USD', '1']);
  const published = await ops(['ipo:publish', 'AAPL:NASDAQ', '--name', 'Apple Inc.', '--price', '10', '--pe', '28.5', '--shares', '100', '--lot', '10',
    '--from', '+0s', '--until', `+${WINDOW_S}s`, '--draw-at', `+${WINDOW_S}s`, '--listing', `+${WINDOW_S + 5}s`]);
  ipoId = /IPO (\d+)/.exec(published)[1];
  await ops(['block:publish', 'NVDA:NASDAQ', '--name', 'NVIDIA Corp.', '--price', '100', '--min', '1', '--max', '50', '--from', '+0s', '--until', '+1h']);
  user = await users.verifiedTrader(h, `ipo-block-${Date.now()}@example.com`, '5000');
  await api('/asset/api/account/transferAsset', { token: user.token, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '4000', requestId: `e2e-spot-${Date.now()}` } });
})());

test('phone: subscribe to an IPO with a receipt, then see the allocation with its seed and hash', { timeout: 300_000 }, () =>
  h.withPage({ viewport: 'phone', name: 'ipo-phone' }, async (page) => {
    await setup();
    await logIn(page, user, 'en', { once: true });
    await page.goto('/pages/stock/ipo');
    const card = page.getByTestId('ipo-card').filter({ hasText: 'AAPL:NASDAQ' });
    await card.waitFor();
    hashShown = (await api('/asset/api/stockIpo/list', {  method: 'GET' })).find((i) => i.id === ipoId).seedHash;
    assert.ok((await card.textContent()).includes(hashShown), 'the seed hash is on the card before the draw');
    await snap(page, 'phone-ipo-list-en');
    await card.getByTestId('ipo-subscribe-open').click();
    await card.getByTestId('ipo-shares').fill('25');
    await card.getByText('Subscribe in whole lots of 10 shares').waitFor();
    await card.getByTestId('ipo-shares').fill('30');
    await card.getByTestId('ipo-submit').click();
    const confirm = page.getByTestId('ipo-confirm');
    await confirm.waitFor();
    assert.match(await confirm.getByTestId('ipo-confirm-amount').textContent(), /300 USDT/);
    await snap(page, 'phone-ipo-confirm-en');
    await confirm.getByTestId('ipo-confirm-button').click();
    await page.getByTestId('ipo-subscription').first().waitFor();
    assert.equal(await page.getByTestId('ipo-subscription-status').first().getAttribute('data-status'), 'pendingReview');
    // before the draw the user may take it back: the confirmation says what comes back; Back keeps it
    await page.getByTestId('ipo-cancel-open').first().click();
    const taking = page.getByTestId('ipo-cancel-confirm');
    await taking.getByText('300 USDT', { exact: false }).waitFor();
    await snap(page, 'phone-ipo-cancel-confirm-en');
    await taking.getByRole('button', { name: 'Back' }).click();
    await taking.waitFor({ state: 'detached' });

    await ops(['ipo:pass-all', ipoId]);
    // the job closes the window and draws at its end (the server's own clock, every 5 s)
    const deadline = Date.now() + (WINDOW_S + 40) * 1000;
    let mine;
    do {
      await new Promise((r) => setTimeout(r, 3000));
      mine = (await api('/asset/api/stockIpo/mySubscriptions', { token: user.token, method: 'GET' })).list[0];
    } while (mine.status !== 'completed' && Date.now() < deadline);
    assert.equal(mine.status, 'completed');
    assert.equal(mine.seedHash, hashShown, 'the hash did not change');
    assert.equal(createHash('sha256').update(mine.seed).digest('hex'), hashShown, 'the revealed seed is the one whose hash was shown');
    assert.equal(mine.draw, createHmac('sha256', mine.seed).update(mine.id).digest('hex'));
    assert.deepEqual([mine.place, mine.lotsWon, mine.totals.lotsOffered], [1, 3, 10], 'the only subscriber gets the 3 lots asked');

    for (const lang of LANGS) {
      await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      await page.goto('/pages/stock/ipo');
      const proof = page.getByTestId('ipo-proof').first();
      await proof.getByTestId('ipo-proof-seed').filter({ hasText: mine.seed }).waitFor();
      assert.equal((await proof.getByTestId('ipo-proof-hash').textContent()).trim(), hashShown);
      await proof.scrollIntoViewIfNeeded();
      await snap(page, `phone-ipo-proof-${lang}`);
      // subscribed, allotted: each a receipt of the chain with its hash
      const receipts = page.getByTestId('ipo-receipts').first();
      await receipts.locator('[data-step="allot"]').waitFor();
      await receipts.scrollIntoViewIfNeeded();
      await snap(page, `phone-ipo-receipts-${lang}`);
    }
  }));

test('phone: subscribe to a block trade and see it approved', { timeout: 180_000 }, () =>
  h.withPage({ viewport: 'phone', name: 'block-phone' }, async (page) => {
    await setup();
    await logIn(page, user, 'en', { once: true });
    await page.goto('/pages/block-trade/index');
    await page.getByTestId('block-offer').first().waitFor();
    await snap(page, 'phone-block-index-en');
    await page.getByTestId('block-subscribe-link').first().click();
    await page.waitForURL('**/pages/block-trade/buy?offer=*');
    await page.getByTestId('block-shares').fill('5');
    await page.getByTestId('block-submit').click();
    const confirm = page.getByTestId('block-confirm');
    assert.match(await confirm.getByTestId('block-confirm-amount').textContent(), /500 USDT/);
    await snap(page, 'phone-block-confirm-en');
    await confirm.getByTestId('block-confirm-button').click();
    await page.waitForURL('**/pages/block-trade/history');
    const record = page.getByTestId('block-record').first();
    await record.getByTestId('block-record-status').and(page.locator('[data-status="pendingReview"]')).waitFor();

    const pending = await ops(['block:pending']);
    const id = /^(\d+)\s/m.exec(pending)[1];
    await ops(['block:approve', id]);
    for (const lang of LANGS) {
      await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      await page.goto('/pages/block-trade/history');
      await page.locator('[data-testid="block-record-status"][data-status="approved"], [data-testid="block-record-status"][data-status="completed"]').first().waitFor();
      // the hold and the approval are receipts of the chain, shown on the record
      await page.getByTestId('block-receipts').first().locator('[data-step="approve"]').waitFor();
      await snap(page, `phone-block-history-${lang}`);
    }
  }));

test('desktop: the IPO proof and the block records, in English, German and Japanese', { timeout: 180_000 }, () =>
  h.withPage({ viewport: 'desktop', name: 'offers-desktop' }, async (page) => {
    await setup();
    await logIn(page, user, 'en', { once: true });
    await page.goto('/pages/stock/ipo');
    for (const lang of LANGS) {
      // the language is set on the page already open (the app's origin), then one navigation: no evaluate races a load
      await page.evaluate((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      await page.goto('/pages/stock/ipo');
      await page.getByTestId('ipo-proof-seed').first().waitFor();
      await snap(page, `desktop-ipo-${lang}`);
      await page.goto('/pages/desktop/block-trade/index');
      await page.getByTestId('block-offer').first().waitFor();
      await snap(page, `desktop-block-index-${lang}`);
      await page.goto('/pages/desktop/block-trade/buy?offer=1');
      await page.getByTestId('block-shares').fill('2');
      await page.getByTestId('block-submit').click();
      await page.getByTestId('block-confirm').waitFor();
      await snap(page, `desktop-block-confirm-${lang}`);
      await page.goto('/pages/desktop/block-trade/history');
      await page.locator('[data-testid="block-record-status"][data-status="completed"]').first().waitFor();
      await snap(page, `desktop-block-history-${lang}`);
    }
  }));
