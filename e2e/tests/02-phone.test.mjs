// Phone size (375×812) on the default settings (mobile-only on): tab bar on every page, every remote mounts at
// its index route, tab navigation, and a desktop-wide window sent to the mobile-only notice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REMOTE_PAGES, TABS, remotePage, screenshot, useHarness, visible } from '../harness.mjs';

const h = useHarness({ env: { MOBILE_ONLY: undefined } });

async function assertTabBar(page) {
  await visible(page, '[data-testid="tabbar"]');
  for (const tab of TABS) {
    assert.ok(await page.locator(`[data-testid="tabbar"] [data-testid="${tab}"]`).first().isVisible(), `${tab} is not visible on ${page.url()}`);
  }
  assert.equal(await page.locator('[data-testid="topnav"]').first().isVisible(), false, `topnav is visible on a phone at ${page.url()}`);
}

test('home renders with the tab bar at / and /pages/home/index', () =>
  h.withPage({ viewport: 'phone', name: 'home' }, async (page) => {
    for (const url of ['/', '/pages/home/index']) {
      await page.goto(url);
      await visible(page, 'h1#page-title');
      await assertTabBar(page);
    }
    await screenshot(page, 'phone-home');
  }));

for (const remote of REMOTE_PAGES) {
  test(`${remote.name} mounts at ${remote.path} with the tab bar`, () =>
    h.withPage({ viewport: 'phone', name: remote.name }, async (page) => {
      await page.goto(remote.path);
      const title = await remotePage(page, remote.name);
      assert.ok(title.length > 0, 'h1#page-title is empty');
      await assertTabBar(page);
      await screenshot(page, `phone-${remote.name}`);
    }));
}

test('the tab bar navigates between the shell and the remotes', () =>
  h.withPage({ viewport: 'phone', name: 'tabs' }, async (page) => {
    await page.goto('/');
    await visible(page, 'h1#page-title');
    await page.locator('[data-testid="tab-market"]').first().click();
    await remotePage(page, 'mf_trading');
    assert.match(new URL(page.url()).pathname, /^\/pages\/quote\/index/);
    await page.locator('[data-testid="tab-profile"]').first().click();
    await remotePage(page, 'mf_accounts');
    assert.match(new URL(page.url()).pathname, /^\/pages\/profile\/index/);
    await page.locator('[data-testid="tab-home"]').first().click();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname.startsWith('/pages/home/index'));
    await visible(page, 'h1#page-title');
    await assertTabBar(page);
  }));

test('mobile-only (the default): a 1280-wide window lands on /pages/mobile-only-notice', () =>
  h.withPage({ viewport: 'desktop', name: 'mobile-only' }, async (page) => {
    await page.goto('/');
    await page.waitForURL((u) => u.pathname.startsWith('/pages/mobile-only-notice'));
    await screenshot(page, 'desktop-mobile-only-notice');
  }));
