// Desktop size (1280×800) with MOBILE_ONLY=false: the top navigation replaces the tab bar, and the shell and
// every remote render. Where a remote owns a desktop route (/pages/desktop/… in mf-config.json) it is visited
// there; otherwise its mobile index route is opened and wherever the shell lands is checked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REMOTE_PAGES, TABS, mfConfig, remotePage, screenshot, useHarness, visible } from '../harness.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

async function assertTopNav(page) {
  await visible(page, '[data-testid="topnav"]');
  assert.equal(await page.locator('[data-testid="tabbar"]').first().isVisible(), false, `the tab bar is visible on desktop at ${page.url()}`);
}

test('desktop home: top navigation instead of the tab bar', () =>
  h.withPage({ viewport: 'desktop', name: 'home' }, async (page) => {
    await page.goto('/');
    await visible(page, 'h1#page-title');
    await assertTopNav(page);
    await screenshot(page, 'desktop-home');
  }));

for (const remote of REMOTE_PAGES) {
  test(`${remote.name} renders at desktop size`, (t) =>
    h.withPage({ viewport: 'desktop', name: remote.name }, async (page) => {
      const config = await mfConfig(h.baseUrl);
      const entry = config.remotes.find((r) => r.name === remote.name);
      assert.ok(entry, `${remote.name} is not in mf-config.json`);
      const desktopRoute = entry.routes.find((r) => r.startsWith('/pages/desktop/'));
      if (desktopRoute) {
        await page.goto(desktopRoute);
        await visible(page, `[data-testid="app-${remote.name}"]`);
      } else {
        await page.goto(remote.path);
        await visible(page, 'h1#page-title');
        t.diagnostic(`${remote.name} owns no /pages/desktop/ route; ${remote.path} landed on ${new URL(page.url()).pathname}`);
      }
      await assertTopNav(page);
      await screenshot(page, `desktop-${remote.name}`);
    }));
}

test('with MOBILE_ONLY=false a phone still gets the tab bar', () =>
  h.withPage({ viewport: 'phone', name: 'phone' }, async (page) => {
    await page.goto('/pages/quote/index');
    await remotePage(page, 'mf_trading');
    await visible(page, '[data-testid="tabbar"]');
    for (const tab of TABS) assert.ok(await page.locator(`[data-testid="${tab}"]`).first().isVisible(), `${tab} is not visible`);
  }));
