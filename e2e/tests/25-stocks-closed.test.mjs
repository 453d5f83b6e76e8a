// Stocks with the markets closed: the server's clock at a Saturday 10:00 New York (MERIDIAN_TEST_CLOCK) and no
// operator rate set yet. The stock detail shows the Trading Hours Notice with the next opening, Monday 9:30 New
// York, in the user's zone and the venue's; the stock screens say that no USD rate is set yet; the server refuses
// an order with "Out of trading time". Phone and desktop, English, German and Japanese. 25-stocks.test.mjs trades.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false', MERIDIAN_TEST_CLOCK: '2026-11-28T15:00:00Z' } });
const api = (path, options) => users.api(h, path, options);
// Monday 2026-11-30 9:30 New York (EST) = 14:30 UTC
const NEXT_OPEN = Date.parse('2026-11-30T14:30:00Z');

test('Saturday: the Trading Hours Notice with Monday 9:30 New York in both zones; no rate yet; the server refuses the order', { timeout: 180_000 }, async () => {
  const t = await users.verifiedTrader(h, `stocks-closed-${Date.now()}@example.com`, '1000');
  const single = await api('/api/market/stock/singleStock', { method: 'GET', query: { symbol: 'AAPL:NASDAQ' } });
  assert.deepEqual([single.session.open, single.session.nextOpen], [false, NEXT_OPEN]);
  await assert.rejects(
    api('/asset/api/userStock/buy', { token: t.token, body: { symbol: 'AAPL:NASDAQ', type: 'market', shares: '1', requestId: `e2e-stocks-closed-${Date.now()}` } }),
    /Out of trading time/,
  );
  for (const viewport of ['phone', 'desktop'])
    for (const lang of ['en', 'ge', 'jp'])
      await h.withPage({ viewport, name: `stocks-closed-${viewport}-${lang}` }, async (page) => {
        await logIn(page, t, lang);
        await page.goto('/pages/stock/stock-detail?symbol=AAPL%3ANASDAQ');
        const notice = page.getByTestId('trading-hours-notice');
        await notice.getByTestId('hours-closed').waitFor();
        const venue = await notice.getByTestId('next-open-venue').innerText();
        assert.match(venue, /09:30|9:30/, venue);
        assert.ok((await notice.getByTestId('next-open-user').innerText()).length > 0);
        await page.getByTestId('stock-rate-missing').waitFor();
        await snap(page, `${viewport}-stock-closed-${lang}`);
        await page.goto('/pages/stock/index');
        await page.getByTestId('market-US').waitFor();
        await page.getByTestId('stock-rate-missing').waitFor();
        await snap(page, `${viewport}-stock-home-closed-${lang}`);
      });
});
