// The shell's own behaviour in a real browser: relaunch on resize, online/offline toasts, and the language
// switched live to each of the nine languages and remembered across a reload.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, useHarness, visible } from '../harness.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

const pathname = (page) => new URL(page.url()).pathname;

test('resizing past the breakpoint relaunches to the desktop market, and back to the mobile home', () =>
  h.withPage({ viewport: 'phone', name: 'resize' }, async (page) => {
    await page.goto('/pages/quote/index');
    await visible(page, '[data-testid="tabbar"]');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForURL('**/pages/desktop/market');
    await visible(page, '[data-testid="topnav"]');
    await visible(page, '[data-testid="app-mf_trading"] h1#page-title');
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.waitForURL('**/pages/home/index');
    await visible(page, '[data-testid="tabbar"]');
    assert.equal(pathname(page), '/pages/home/index');
  }));

test('going offline and back online shows the spec texts', () =>
  h.withPage({ viewport: 'phone', name: 'offline' }, async (page) => {
    await page.goto('/pages/home/index');
    await visible(page, 'h1#page-title');
    await page.context().setOffline(true);
    await page.getByText('No network, please connect and retry').first().waitFor();
    await screenshot(page, 'phone-offline-toast');
    await page.context().setOffline(false);
    await page.getByText('Connect internet successfully').first().waitFor();
  }));

const MARKET_TAB = {
  en: ['Market', 'en'],
  hk: ['行情', 'zh-HK'],
  zh: ['行情', 'zh-CN'],
  kr: ['시세', 'ko'],
  jp: ['マーケット', 'ja'],
  ge: ['Markt', 'de'],
  fr: ['Marché', 'fr'],
  it: ['Mercato', 'it'],
  ru: ['Thị trường', 'vi'],
};

test('the language switches live to each of the nine languages and survives a reload', () =>
  h.withPage({ viewport: 'phone', name: 'language' }, async (page) => {
    await page.goto('/pages/profile/language');
    await visible(page, '[data-testid="language-en"]');
    for (const [code, [marketLabel, htmlLang]] of Object.entries(MARKET_TAB)) {
      await page.locator(`[data-testid="language-${code}"]`).click();
      await page.locator('[data-testid="tab-market"]', { hasText: marketLabel }).waitFor();
      // the switch completes once the language's texts have loaded; Traditional and Simplified Chinese share the
      // market label, so the page's lang (set with the switch) is what says it is done
      await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang, { timeout: 10_000 }).catch(() => {});
      assert.equal(await page.evaluate(() => document.documentElement.lang), htmlLang, `html lang for ${code}`);
      assert.equal(await page.locator(`[data-testid="language-${code}"]`).getAttribute('aria-checked'), 'true');
    }
    await screenshot(page, 'phone-language-vietnamese');
    await page.reload();
    await page.locator('[data-testid="tab-market"]', { hasText: MARKET_TAB.ru[0] }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('lang')), '"ru"');
  }));

test('the dark theme applies to the whole page and is remembered', () =>
  h.withPage({ viewport: 'phone', name: 'theme' }, async (page) => {
    await page.goto('/pages/profile/index');
    await visible(page, '[data-testid="theme-switch"]');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await page.locator('[data-testid="theme-switch"]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.reload();
    await visible(page, '[data-testid="theme-switch"][aria-checked="true"]');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await screenshot(page, 'phone-profile-dark');
  }));
