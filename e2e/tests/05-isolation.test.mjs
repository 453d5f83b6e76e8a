// Isolation: a remote whose mount throws (the broken-remote fixture) and a remote that is down (a closed port)
// each show a contained fallback with Retry, while the chrome and the other remotes keep working. The staging
// override (?mf-override=<name>=<manifest url>) is kept for the tab, named by a banner, and reset by it.
// MOBILE_ONLY=false so the fallback can be photographed at desktop size too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REMOTE_PAGES, mfConfig, remotePage, screenshot, useHarness, visible } from '../harness.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

// written as the README documents it: ?mf-override=<name>=<manifest url> (URLSearchParams reads it as is)
const override = (name, manifestUrl) => `mf-override=${name}=${manifestUrl}`;

async function assertFallback(page, name) {
  const fallback = page.locator(`[data-testid="remote-fallback-${name}"]`).first();
  await fallback.waitFor({ state: 'visible' });
  await fallback.getByRole('button', { name: 'Retry' }).first().waitFor({ state: 'visible' });
}

async function assertBanner(page, name) {
  const banner = page.locator('[data-testid="staging-banner"]').first();
  await banner.waitFor({ state: 'visible' });
  assert.match((await banner.textContent()) ?? '', new RegExp(name), `the staging banner does not name ${name}`);
}

test('a remote whose mount throws shows a fallback with Retry; the chrome and other remotes keep working', () =>
  h.withPage({ viewport: 'phone', name: 'broken-c2c' }, async (page) => {
    assert.ok(h.platform?.brokenRemoteBuilt, 'e2e/fixtures/broken-remote/dist is not built');
    await page.goto(`/pages/c2c/index?${override('mf_c2c', `${h.brokenOrigin}/mf-manifest.json`)}`);
    await assertFallback(page, 'mf_c2c');
    await assertBanner(page, 'mf_c2c');
    await screenshot(page, 'phone-fallback-mf_c2c');

    await visible(page, '[data-testid="tabbar"]');
    await page.locator('[data-testid="tab-market"]').first().click();
    await remotePage(page, 'mf_trading');
    assert.equal(await page.locator('[data-testid="remote-fallback-mf_trading"]').count(), 0);
  }));

test('the broken-remote fallback at desktop size', () =>
  h.withPage({ viewport: 'desktop', name: 'broken-c2c-desktop' }, async (page) => {
    const config = await mfConfig(h.baseUrl);
    const c2c = config.remotes.find((r) => r.name === 'mf_c2c');
    const route = c2c?.routes.find((r) => r.startsWith('/pages/desktop/')) ?? '/pages/c2c/index';
    await page.goto(`${route}?${override('mf_c2c', `${h.brokenOrigin}/mf-manifest.json`)}`);
    await assertFallback(page, 'mf_c2c');
    await visible(page, '[data-testid="topnav"]');
    await screenshot(page, 'desktop-fallback-mf_c2c');
  }));

test('a remote that is down shows a fallback; others load; the override is kept for the tab and reset by the banner', () =>
  h.withPage({ viewport: 'phone', name: 'down-stocks' }, async (page) => {
    await page.goto(`/?${override('mf_stocks', `${h.closedOrigin}/mf-manifest.json`)}`);
    await visible(page, 'h1#page-title');
    await assertBanner(page, 'mf_stocks');

    // a fresh navigation without the query: the override is kept (sessionStorage)
    await page.goto('/pages/stock/index');
    await assertBanner(page, 'mf_stocks');
    await assertFallback(page, 'mf_stocks');
    await visible(page, '[data-testid="tabbar"]');
    await screenshot(page, 'phone-fallback-mf_stocks');

    for (const remote of REMOTE_PAGES.filter((r) => r.name !== 'mf_stocks')) {
      await page.goto(remote.path);
      await remotePage(page, remote.name);
    }

    await page.goto('/pages/stock/index');
    await assertFallback(page, 'mf_stocks');
    await page.locator('[data-testid="staging-reset"]').first().click();
    await page.reload();
    await remotePage(page, 'mf_stocks');
    assert.equal(await page.locator('[data-testid="staging-banner"]').count(), 0, 'the staging banner is still shown after reset');
    assert.equal(await page.locator('[data-testid="remote-fallback-mf_stocks"]').count(), 0);
  }));
