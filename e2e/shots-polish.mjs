// Screenshots of the screens issue 11's polish changed, at phone and desktop sizes, in German and Japanese:
// node e2e/shots-polish.mjs (after `node scripts/platform.mjs build --with-fixture`). Writes e2e/artifacts/screenshots/polish-*.png.
import { launchBrowser, screenshot, startPlatform, VIEWPORTS } from './harness.mjs';

const platform = await startPlatform({ env: { MOBILE_ONLY: 'false' }, label: 'shots-polish' });
const browser = await launchBrowser();
try {
  for (const lang of ['ge', 'jp']) {
    for (const viewport of ['phone', 'desktop']) {
      const context = await browser.newContext({ ...VIEWPORTS[viewport], baseURL: platform.baseUrl });
      await context.addInitScript((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
      const page = await context.newPage();
      const shot = (name) => screenshot(page, `polish-${viewport}-${lang}-${name}`);
      if (viewport === 'phone') {
        await page.goto('/pages/quote/index');
        await page.locator('[data-testid="quote-row-BTCUSDT"]').waitFor();
        await page.getByRole('tab').nth(5).click().catch(() => {});
        await page.locator('[data-testid^="quote-row-"]').first().waitFor();
        await page.waitForTimeout(800);
        await shot('quote-stocks');
        await page.goto('/pages/wallet/index');
        await page.waitForURL(/login/);
        await page.waitForTimeout(300);
        await shot('wallet-visitor-toast');
      }
      await page.goto(viewport === 'phone' ? '/pages/trade-chart/index?symbol=EURUSD' : '/pages/trade-chart/index?symbol=USDJPY');
      await page.locator('[data-testid="kline-chart"] canvas').waitFor({ timeout: 30_000 }).catch(async (error) => {
        await shot('chart-failed');
        throw error;
      });
      await page.waitForTimeout(1000);
      await shot('chart');
      await context.close();
    }
  }
  console.log('done');
} finally {
  await browser.close();
  await platform.stop();
}
