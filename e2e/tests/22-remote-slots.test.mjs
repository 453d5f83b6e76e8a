// Remotes that ship alone: the home tiles and the desktop navigation are the live remotes' slot contributions
// (their meridian.routes.json, carried by mf-config.json). On a copy of build/public, mf_stocks is deployed a
// second time as a variant whose manifest brings one more nav entry and home tile, next to the same shell and
// other remotes: it loads, mounts and shows them; rolling mf-config.json back restores the first. And the
// reverse: a remote that contributes nothing (an older build) leaves the shell's slots without its entries, and
// still mounts. No shell change in either direction: only mf-config.json is edited, as a promotion is.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { PUBLIC_DIR, remotePage, remoteRequests, screenshot, useHarness, visible } from '../harness.mjs';

const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-slots-'));
fs.cpSync(PUBLIC_DIR, publicDir, { recursive: true });
const configFile = path.join(publicDir, 'mf-config.json');
const original = JSON.parse(fs.readFileSync(configFile, 'utf8'));
const VARIANT = '0.2.0-variant';

/** Deploys mf_stocks's build again as VARIANT, its manifest bringing an IPO nav entry and home tile. */
function variantConfig() {
  const stocks = original.remotes.find((remote) => remote.name === 'mf_stocks');
  const from = path.join(publicDir, 'remotes/mf_stocks', stocks.version);
  const to = path.join(publicDir, 'remotes/mf_stocks', VARIANT);
  fs.cpSync(from, to, { recursive: true });
  const texts = JSON.parse(fs.readFileSync(path.join(from, 'slot-texts.json'), 'utf8'));
  for (const lng of Object.keys(texts)) Object.assign(texts[lng], { slotNavIpo: 'IPO variant', slotEntryIpo: 'IPO variant', slotEntryIpoHint: 'New listings' });
  fs.writeFileSync(path.join(to, 'slot-texts.json'), JSON.stringify(texts));
  const slots = {
    ...stocks.slots,
    'nav.top': [...stocks.slots['nav.top'], { id: 'ipo', href: '/pages/stock/index', label: 'slotNavIpo', order: 35 }],
    'home.entries': [...stocks.slots['home.entries'], { id: 'ipo', href: '/pages/stock/index', label: 'slotEntryIpo', hint: 'slotEntryIpoHint', order: 25 }],
  };
  const variant = { ...stocks, version: VARIANT, manifest: `/remotes/mf_stocks/${VARIANT}/mf-manifest.json`, slotTexts: `/remotes/mf_stocks/${VARIANT}/slot-texts.json`, slots };
  return { ...original, remotes: original.remotes.map((remote) => (remote.name === 'mf_stocks' ? variant : remote)) };
}

function withoutStocksSlots() {
  const remotes = original.remotes.map((remote) => {
    if (remote.name !== 'mf_stocks') return remote;
    const bare = { ...remote };
    delete bare.slots;
    delete bare.slotTexts;
    return bare;
  });
  return { ...original, remotes };
}

const deploy = (config) => fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);

const h = useHarness({ env: { MOBILE_ONLY: 'false', PUBLIC_DIR: publicDir } });

test('a variant of mf_stocks next to the current shell: it mounts, its nav entry and tile show; rolling back restores the first', () =>
  h.withPage({ viewport: 'desktop', name: 'slots-variant' }, async (page) => {
    try {
      deploy(variantConfig());
      const urls = remoteRequests(page, 'mf_stocks');
      await page.goto('/pages/stock/index');
      await remotePage(page, 'mf_stocks');
      assert.ok(urls.some((url) => url.startsWith(`/remotes/mf_stocks/${VARIANT}/`)), `the variant was not loaded: ${urls.join(', ')}`);
      await visible(page, '[data-testid="topnav-ipo"]');
      assert.equal((await page.getByTestId('topnav-ipo').textContent())?.trim(), 'IPO variant');
      // its place is the manifest's order: right after the stocks entry
      const ids = await page.locator('header nav a').evaluateAll((links) => links.map((link) => link.dataset.testid));
      assert.equal(ids.indexOf('topnav-ipo'), ids.indexOf('topnav-stocks') + 1, ids.join(', '));
      await screenshot(page, 'desktop-slots-variant');

      deploy(original);
      urls.length = 0;
      await page.goto('/pages/stock/index');
      await remotePage(page, 'mf_stocks');
      assert.ok(urls.some((url) => url.startsWith(`/remotes/mf_stocks/${original.remotes.find((r) => r.name === 'mf_stocks').version}/`)), urls.join(', '));
      await visible(page, '[data-testid="topnav-stocks"]');
      assert.equal(await page.getByTestId('topnav-ipo').count(), 0);
    } finally {
      deploy(original);
    }
  }));

test('the home tiles follow the deployed manifests: the variant adds one, a remote contributing nothing has none', () =>
  h.withPage({ viewport: 'phone', name: 'slots-home' }, async (page) => {
    const tile = (name) => page.getByRole('link', { name: new RegExp(name) });
    try {
      deploy(variantConfig());
      await page.goto('/pages/home/index');
      await tile('IPO variant').first().waitFor({ state: 'visible' });
      await tile('Stocks').first().waitFor({ state: 'visible' });

      // an mf_stocks built before it had slot contributions: the shell shows no Stocks tile, the others stay
      deploy(withoutStocksSlots());
      await page.goto('/pages/home/index');
      await tile('Spot & contracts').first().waitFor({ state: 'visible' });
      assert.equal(await tile('Stocks').count(), 0);
      assert.equal(await tile('IPO variant').count(), 0);
      await screenshot(page, 'phone-home-no-stocks-slots');
      // and it still loads and mounts on its own routes
      await page.goto('/pages/stock/index');
      await remotePage(page, 'mf_stocks');
    } finally {
      deploy(original);
    }
  }));
