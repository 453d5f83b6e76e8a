// Mixed versions, proven with real builds: mf_c2c (a small remote) is built a second time from the current
// source with MERIDIAN_BUILD_LABEL set (a label its pages show), deployed beside the current shell and the other
// remotes with one more slot contribution in its manifest: it loads, mounts, shows the label and the contribution;
// rolling mf-config.json back restores the first build. The reverse: the current shell and mf_accounts (which
// render the wallet.holdings slot) next to an mf_trading deployed without that contribution (as an older build
// is): the wallet shows no spot holdings section and works. And a third build of mf_c2c, made against another
// major of @meridian/shared (MERIDIAN_SHARED_VERSION), is refused: the contained fallback, not a blank page.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { pnpm } from '../../scripts/lib.mjs';
import { PUBLIC_DIR, remotePage, remoteRequests, screenshot, useHarness, visible } from '../harness.mjs';
import { logIn, signUp } from '../users.mjs';

const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-mixed-'));
fs.cpSync(PUBLIC_DIR, publicDir, { recursive: true });
const configFile = path.join(publicDir, 'mf-config.json');
const original = JSON.parse(fs.readFileSync(configFile, 'utf8'));
const c2c = original.remotes.find((remote) => remote.name === 'mf_c2c');
const LABEL = 'Build B (variant)';
const VARIANT = `${c2c.version}-variant`;
const OTHER_MAJOR = '1.0.0-shared';

const deploy = (config) => fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);

/** Builds mf-c2c from the current source into a folder of its own, with `env` (its dist/ is left alone). */
async function buildC2c(env) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-c2c-build-'));
  const res = await pnpm(['--filter', '@meridian/mf-c2c', 'exec', 'webpack', '--mode', 'production', '--output-path', out], {
    env: { ...process.env, ...env },
    capture: true,
    quiet: true,
  });
  assert.equal(res.code, 0, res.output);
  assert.ok(fs.existsSync(path.join(out, 'mf-manifest.json')), `no mf-manifest.json in ${out}`);
  return out;
}

/** Puts a build of mf_c2c in its versioned folder; its config entry, with `slots` as its manifest's. */
function place(dist, version, slots = c2c.slots) {
  const target = path.join(publicDir, 'remotes/mf_c2c', version);
  fs.cpSync(dist, target, { recursive: true });
  const texts = JSON.parse(fs.readFileSync(path.join(publicDir, 'remotes/mf_c2c', c2c.version, 'slot-texts.json'), 'utf8'));
  for (const lng of Object.keys(texts)) texts[lng].slotNavOtcVariant = 'OTC (variant)';
  fs.writeFileSync(path.join(target, 'slot-texts.json'), JSON.stringify(texts));
  return { ...c2c, version, manifest: `/remotes/mf_c2c/${version}/mf-manifest.json`, slotTexts: `/remotes/mf_c2c/${version}/slot-texts.json`, slots };
}

const withC2c = (entry) => ({ ...original, remotes: original.remotes.map((remote) => (remote.name === 'mf_c2c' ? entry : remote)) });

let variant;
let otherMajor;
before(async () => {
  // one small remote, built twice more (about a minute each): the variant, and one against shared 1.x
  const slots = { ...c2c.slots, 'nav.top': [...c2c.slots['nav.top'], { id: 'otc-variant', href: '/pages/desktop/otc', label: 'slotNavOtcVariant', order: 75 }] };
  variant = place(await buildC2c({ MERIDIAN_BUILD_LABEL: LABEL }), VARIANT, slots);
  otherMajor = place(await buildC2c({ MERIDIAN_SHARED_VERSION: '1.0.0' }), OTHER_MAJOR);
});

const h = useHarness({ env: { MOBILE_ONLY: 'false', PUBLIC_DIR: publicDir } });

test('a second build of mf_c2c beside the current shell and remotes: it mounts, shows its label and slot entry; rolling back restores the first', () =>
  h.withPage({ viewport: 'desktop', name: 'mixed-variant' }, async (page) => {
    try {
      deploy(withC2c(variant));
      const urls = remoteRequests(page, 'mf_c2c');
      await page.goto('/pages/desktop/c2c');
      await remotePage(page, 'mf_c2c');
      assert.ok(urls.some((url) => url.startsWith(`/remotes/mf_c2c/${VARIANT}/`)), `the variant was not loaded: ${urls.join(', ')}`);
      assert.equal((await page.getByTestId('build-label').textContent())?.trim(), LABEL);
      await visible(page, '[data-testid="topnav-otc-variant"]');
      assert.equal((await page.getByTestId('topnav-otc-variant').textContent())?.trim(), 'OTC (variant)');
      // the other remotes are the current ones and still mount next to it
      await page.getByTestId('topnav-market').first().click();
      await remotePage(page, 'mf_trading');
      await screenshot(page, 'desktop-mixed-variant-market');
      await page.goto('/pages/desktop/c2c');
      await remotePage(page, 'mf_c2c');
      await screenshot(page, 'desktop-mixed-variant-c2c');

      deploy(original);
      urls.length = 0;
      await page.goto('/pages/desktop/c2c');
      await remotePage(page, 'mf_c2c');
      assert.ok(urls.some((url) => url.startsWith(`/remotes/mf_c2c/${c2c.version}/`)), urls.join(', '));
      assert.equal(await page.getByTestId('build-label').count(), 0);
      await visible(page, '[data-testid="topnav-c2c"]');
      assert.equal(await page.getByTestId('topnav-otc-variant').count(), 0);
    } finally {
      deploy(original);
    }
  }));

test('the wallet renders the wallet.holdings slot; next to an mf_trading that contributes nothing to it, the wallet has no such section and works', () =>
  h.withPage({ viewport: 'phone', name: 'mixed-holdings' }, async (page) => {
    const user = await signUp(h, `mixed-${Date.now()}@example.com`);
    await logIn(page, user);
    const section = page.locator('[data-testid="holdings-mf_trading-spot"]');
    try {
      await page.goto('/pages/wallet/index');
      await remotePage(page, 'mf_accounts');
      await section.waitFor({ state: 'visible' });
      await section.getByRole('heading', { name: 'Spot holdings' }).waitFor();
      // a section's module loads once it shows on screen (below the wallet cards on a phone)
      await section.scrollIntoViewIfNeeded();
      // the section is mf_trading's module, with mf_trading's texts: a new user holds no coin yet
      await section.getByText('No coins in your spot wallet yet.').waitFor();
      await screenshot(page, 'phone-wallet-holdings-slot');

      const trading = original.remotes.find((remote) => remote.name === 'mf_trading');
      const older = { ...trading, slots: { ...trading.slots } };
      delete older.slots['wallet.holdings'];
      deploy({ ...original, remotes: original.remotes.map((remote) => (remote.name === 'mf_trading' ? older : remote)) });
      await page.goto('/pages/wallet/index');
      await remotePage(page, 'mf_accounts');
      await page.getByTestId('wallet-card-spot').waitFor();
      assert.equal(await section.count(), 0);
    } finally {
      deploy(original);
    }
  }));

test('a build of mf_c2c against another major of @meridian/shared is refused: its contained fallback, the chrome and other remotes work', () =>
  h.withPage({ viewport: 'phone', name: 'mixed-shared-major' }, async (page) => {
    try {
      deploy(withC2c(otherMajor));
      const urls = remoteRequests(page, 'mf_c2c');
      await page.goto('/pages/c2c/index');
      const fallback = page.locator('[data-testid="remote-fallback-mf_c2c"]').first();
      await fallback.waitFor({ state: 'visible' });
      await fallback.getByRole('button', { name: 'Retry' }).first().waitFor({ state: 'visible' });
      assert.ok(urls.some((url) => url.startsWith(`/remotes/mf_c2c/${OTHER_MAJOR}/`)), urls.join(', '));
      assert.equal(await page.locator('[data-testid="app-mf_c2c"] h1#page-title').count(), 0);
      await screenshot(page, 'phone-mixed-shared-major-refused');
      await visible(page, '[data-testid="tabbar"]');
      await page.locator('[data-testid="tab-market"]').first().click();
      await remotePage(page, 'mf_trading');
    } finally {
      deploy(original);
    }
  }));
