// The Forex tab with the market closed: the server's clock at a Saturday noon UTC (MERIDIAN_TEST_CLOCK). Pressing
// Open long shows the Trading Hours Notice with the next opening, Sunday 17:00 New York, in the user's time zone and
// in New York time; the server refuses an order with "Out of trading time". Phone and desktop, English, German and
// Japanese. 20-forex.test.mjs trades in hours.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false', MERIDIAN_TEST_CLOCK: '2026-11-28T12:00:00Z' } });
const api = (path, options) => users.api(h, path, options);
// Sunday 2026-11-29 17:00 New York (EST) = 22:00 UTC
const NEXT_OPEN = Date.parse('2026-11-29T22:00:00Z');

test('Saturday: Open long shows the Trading Hours Notice with Sunday 17:00 New York in both zones; the server refuses the order', { timeout: 150_000 }, async () => {
  const trader = await users.verifiedTrader(h, `forex-closed-${Date.now()}@example.com`, '5000');
  const { token } = trader;
  await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'contract', asset: 'USDT', amount: '1000', requestId: `e2e-forex-closed-${Date.now()}` } });
  const hours = await api('/asset/api/forex/contract/checkTradingTime', { method: 'GET', query: { symbol: 'AUDCAD' } });
  assert.deepEqual([hours.open, hours.nextOpen], [false, NEXT_OPEN]);
  await assert.rejects(
    api('/asset/api/forex/contract/create', { token, body: { symbol: 'AUDCAD', side: 'long', lots: '0.01', leverage: 10, requestId: `e2e-forex-closed-order-${Date.now()}` } }),
    /Out of trading time/,
  );

  for (const viewport of ['phone', 'desktop'])
    for (const lang of ['en', 'ge', 'jp'])
      await h.withPage({ viewport, name: `forex-closed-${viewport}-${lang}` }, async (page) => {
        await logIn(page, trader, lang);
        await page.goto(viewport === 'desktop' ? '/pages/desktop/trade?tab=forex' : '/pages/trade-margin/index?tab=forex');
        const form = page.getByTestId('forex-form');
        await form.getByTestId('forex-closed').waitFor();
        await form.getByTestId('forex-available').getByText(/USDT$/).waitFor();
        if (viewport === 'desktop') await page.getByTestId('trade-desktop').locator('canvas').first().waitFor();
        await form.getByTestId('forex-submit').click();
        const notice = page.getByTestId('trading-hours-notice');
        const newYork = notice.getByTestId('next-open-new-york');
        await newYork.waitFor();
        const local = await notice.getByTestId('next-open-local').innerText();
        // the browser's zone (UTC here) shows 22:00 on the Sunday, New York 17:00, each in the page's language
        const expected = (timeZone) => new Intl.DateTimeFormat(lang === 'ge' ? 'de' : lang === 'jp' ? 'ja' : 'en', { timeZone, hour: '2-digit', minute: '2-digit' }).format(NEXT_OPEN);
        assert.ok((await newYork.innerText()).includes(expected('America/New_York')), await newYork.innerText());
        assert.ok(local.includes(expected(undefined)), local);
        if (lang === 'en') {
          assert.match(await newYork.innerText(), /^New York time: Sun, 11\/29\/2026, 05:00 PM EST$/);
          assert.match(await notice.innerText(), /Out of trading time: AUDCAD cannot be traded now\./);
        }
        // the notice alone: pressing the button on a closed market checks no field
        assert.equal(await form.locator('[aria-invalid="true"]').count(), 0);
        await snap(page, `${viewport}-forex-closed-${lang}`);
        const none = await api('/asset/api/forex/contract/getContractList', { token, method: 'GET' });
        assert.equal(none.total, 0);
      });
});
