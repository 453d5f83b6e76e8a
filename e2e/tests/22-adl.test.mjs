// The auto-deleveraging indicator as a trader meets it, against the real server: a verified user with an open
// perpetual position sees its ADL rank as five lights on the position row (named for assistive technology, the
// explanation on a press) and on the position's detail, and the perpetual header shows the open interest with the
// insurance fund beside it. Phone and desktop, English, German and Japanese, with screenshots.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);

const LABEL = { en: /^Auto-deleveraging rank ([1-5]) of 5$/, ge: /^Auto-Deleveraging-Rang ([1-5]) von 5$/, jp: /^自動デレバレッジ順位 ([1-5]) \/ 5$/ };

/** The position row's indicator: as many lights lit as its rank, its name saying the rank; pressed, the explanation. */
async function checkIndicator(page, lang, rank) {
  const row = page.getByTestId('position-row').first();
  const indicator = row.getByTestId('adl-indicator');
  await indicator.waitFor();
  const name = await indicator.getAttribute('aria-label');
  assert.match(name, LABEL[lang]);
  assert.equal(Number(name.match(LABEL[lang])[1]), rank);
  assert.equal(await indicator.locator('[data-lit="true"]').count(), rank);
  await indicator.click();
  await row.getByTestId('adl-help').waitFor();
  return row;
}

test('the ADL indicator on an open position and the insurance fund beside the open interest, phone and desktop', { timeout: 300_000 }, async () => {
  const trader = await users.verifiedTrader(h, `adl-${Date.now()}@example.com`, '5000');
  const { token } = trader;
  await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'contract', asset: 'USDT', amount: '5000', requestId: `e2e-adl-${Date.now()}` } });
  const opened = await api('/asset/api/contract/openPosition', { token, body: { symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '0.02', leverage: 20, requestId: `e2e-adl-open-${Date.now()}` } });
  const [position] = await api('/asset/api/contract/openList', { token, method: 'GET' });
  assert.equal(position.id, opened.position.id);
  // the only long of the symbol is first in its queue
  assert.equal(position.adlRank, 5);
  const market = await api('/asset/api/contract/market', { method: 'GET', query: { symbol: 'BTCUSDT' } });
  assert.equal(market.openInterest, '0.02');

  for (const [viewport, url] of [['phone', '/pages/trade-margin/index'], ['desktop', '/pages/desktop/trade']]) {
    for (const lang of ['en', 'ge', 'jp']) {
      await h.withPage({ viewport, name: `adl-${viewport}-${lang}` }, async (page) => {
        await logIn(page, trader, lang);
        await page.goto(`${url}?symbol=BTCUSDT&tab=perp`);
        const stats = page.getByTestId('perp-stats');
        await stats.getByTestId('perp-insurance').getByText(/USDT$/).waitFor();
        assert.match(await stats.getByTestId('perp-open-interest').innerText(), /^0[.,]02/);
        const row = await checkIndicator(page, lang, 5);
        await row.scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-adl-row-${lang}`);
        if (lang !== 'en') return;
        await page.getByTestId('perp-stats').scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-adl-header-${lang}`);
        await row.getByRole('link', { name: 'BTCUSDT' }).click();
        await page.waitForURL('**/perpetual-contract/**');
        const facts = page.getByTestId('position-facts');
        await facts.getByTestId('adl-indicator').waitFor();
        assert.equal(await facts.getByTestId('adl-indicator').locator('[data-lit="true"]').count(), 5);
        await snap(page, `${viewport}-adl-detail-${lang}`);
      });
    }
  }
});
