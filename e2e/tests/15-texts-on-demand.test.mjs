// Texts on demand (issue 10 §4): each namespace and language is its own chunk (locale-<lng>-<ns>-json.<hash>.js,
// see shared/src/i18n/instance.ts). A page fetches the files of the language in use only; switching language
// fetches the new language's files of the namespaces in use, once each, and no raw key ever shows.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT, navigateInPage, remotePage, useHarness, visible } from '../harness.mjs';

const h = useHarness();

const TEXT_FILE = /\/locale-([a-z]{2})-(\w+?)-json\.[0-9a-f]+\.js$/;

/** Every key of every English text file: a text node equal to one of them is a raw key on screen. */
function allKeys() {
  const keys = new Set();
  for (const pkg of ['shared', 'shell', 'mf-accounts', 'mf-trading', 'mf-stocks', 'mf-invest', 'mf-c2c']) {
    const dir = path.join(ROOT, pkg, 'locales/en');
    for (const file of fs.readdirSync(dir)) {
      const texts = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      for (const key of Object.keys(texts)) keys.add(key);
    }
  }
  return [...keys];
}

/** Records the text files the page fetches, as "lng/namespace". */
function recordTextFiles(page) {
  const fetched = [];
  page.on('request', (request) => {
    const match = TEXT_FILE.exec(new URL(request.url()).pathname);
    if (match) fetched.push(`${match[1]}/${match[2]}`);
  });
  return fetched;
}

/** Installs, before any script of the page runs, an observer that keeps every raw key ever put on screen. */
async function watchRawKeys(page) {
  await page.addInitScript((keys) => {
    const known = new Set(keys);
    const seen = (window.__RAW_KEYS__ = []);
    const check = (node) => {
      const text = node.textContent?.trim();
      if (text && known.has(text)) seen.push(text);
    };
    const scan = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) check(node);
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'characterData') check(m.target);
        for (const node of m.addedNodes) node.nodeType === Node.TEXT_NODE ? check(node) : scan(node);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, allKeys());
}

const rawKeys = (page) => page.evaluate(() => window.__RAW_KEYS__);
const languagesOf = (files) => [...new Set(files.map((f) => f.split('/')[0]))].sort();
const duplicates = (files) => files.filter((f, i) => files.indexOf(f) !== i);

test('a page fetches its language only; switching fetches exactly the new language of every namespace in use', () =>
  h.withPage({ viewport: 'phone', name: 'texts-on-demand' }, async (page) => {
    await watchRawKeys(page);
    const fetched = recordTextFiles(page);

    await page.goto('/pages/profile/language');
    await visible(page, '[data-testid="language-en"]');
    await page.locator('[data-testid="tab-market"]', { hasText: 'Market' }).waitFor();
    assert.deepEqual(languagesOf(fetched), ['en'], `English only at start: ${fetched}`);
    for (const ns of ['common', 'kit', 'session', 'shell', 'mf_accounts']) assert.ok(fetched.includes(`en/${ns}`), `en/${ns} in ${fetched}`);
    assert.deepEqual(duplicates(fetched), []);
    const inUse = [...fetched].map((f) => f.split('/')[1]).sort();

    fetched.length = 0;
    await page.locator('[data-testid="language-fr"]').click();
    await page.locator('[data-testid="tab-market"]', { hasText: 'Marché' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(
      [...fetched].sort(),
      inUse.map((ns) => `fr/${ns}`),
      'switching to French fetches the French file of each namespace in use, once, and nothing else',
    );

    // a remote mounted later brings its namespace in the current language only
    fetched.length = 0;
    await navigateInPage(page, '/pages/quote/index');
    await remotePage(page, 'mf_trading');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(languagesOf(fetched), ['fr'], `French only for the market: ${fetched}`);
    assert.ok(fetched.includes('fr/mf_trading'), `fr/mf_trading in ${fetched}`);

    assert.deepEqual(await rawKeys(page), [], 'no raw key was ever shown');
  }));

test('a user who chose a language never downloads the English texts', () =>
  h.withPage({ viewport: 'phone', name: 'texts-saved-language' }, async (page) => {
    await page.addInitScript(() => localStorage.setItem('lang', '"jp"'));
    await watchRawKeys(page);
    const fetched = recordTextFiles(page);
    await page.goto('/pages/quote/index');
    await remotePage(page, 'mf_trading');
    await page.locator('[data-testid="tab-market"]', { hasText: 'マーケット' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(languagesOf(fetched), ['jp'], `Japanese only: ${fetched}`);
    assert.deepEqual(duplicates(fetched), []);
    assert.deepEqual(await rawKeys(page), [], 'no raw key was ever shown');
  }));

test("a returning German user's remote texts are named in the page's HTML and used: fetched once, in German only", () =>
  h.withPage({ viewport: 'phone', name: 'texts-first-round-trip' }, async (page) => {
    // the shell writes the lang cookie at every start (and keeps the choice in localStorage): a returning user's
    await page.context().addCookies([{ name: 'lang', value: 'ge', url: h.baseUrl }]);
    await page.addInitScript(() => localStorage.setItem('lang', '"ge"'));
    const fetched = recordTextFiles(page);
    const response = await page.goto('/pages/quote/index');
    const html = await response.text();
    assert.match(html, /<link rel="preload" href="\/remotes\/mf_trading\/[^"]+\/locale-ge-mf_trading-json\.[0-9a-f]+\.js" as="script">/, 'the remote\'s German texts are in the first round trip');
    await remotePage(page, 'mf_trading');
    await page.locator('[data-testid="tab-market"]', { hasText: 'Markt' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(languagesOf(fetched), ['ge'], `German only: ${fetched}`);
    assert.ok(fetched.includes('ge/mf_trading'), `ge/mf_trading in ${fetched}`);
    // a preload the remote's import did not match (another URL, mode or type) would be fetched a second time
    assert.deepEqual(duplicates(fetched), [], 'each text file once: the preload is the file the remote asks for');
  }));
