// Every built screen in English, German and Japanese, at its own size (phone 375×812 for mobile routes, desktop
// 1280×800 for /pages/desktop/*): text must fit its box. The routes are read from the remotes' own path tables
// (mf-accounts/src/paths.ts, mf-trading/src/paths.ts) plus the shell's home, so a new screen is checked without
// editing this file. Auth screens are visited as a visitor, every other one as a logged-in, KYC-verified user.
//
// What counts as not fitting (measured in the page, see measure() below):
//   - an element that clips (overflow hidden/clip, or an ellipsis) whose content is wider than its box;
//   - text that runs past the right edge of the box it sits in (an overflowing label, a word too long for a card);
//   - an item of a flex row or grid pushed past its container's edge (a label that would not shrink);
//   - a page wider than the window;
//   - a navigation bar (the desktop top navigation, the tab bar, a row of tabs) whose items wrap onto a second row
//     or whose labels wrap onto a second line;
//   - in Japanese, a single character (kana, kanji, "ー", punctuation) wrapped alone onto the last line.
// Containers that scroll on purpose (overflow-x auto/scroll) and form fields are not counted.
// The findings are written to e2e/artifacts/text-fit.json; the test fails when there is any.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS, ROOT, useHarness } from '../harness.mjs';
import * as users from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

const LANGUAGES = ['en', 'ge', 'jp'];

/** The string values of `export const P = { … }` in a remote's paths.ts (its every screen URL). */
function screenPaths(file) {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const block = source.match(/export const P = \{([\s\S]*?)\n\} as const;/);
  assert.ok(block, `${file} has no P table`);
  return [...block[1].matchAll(/^\s+\w+: '([^']+)',/gm)].map((m) => m[1]);
}

// The screens a visitor uses; the rest are visited logged in (a logged-in user is sent away from some of these).
const VISITOR_ONLY = /^\/pages\/(login|register|forgot-password|findPwd|desktop\/(login|register|forgot-password))(\/|$)/;
const SHELL = ['/pages/home/index', '/pages/home/components/customer-service', '/pages/home/components/website-company'];
const ROUTES = [...new Set([...SHELL, ...screenPaths('mf-accounts/src/paths.ts'), ...screenPaths('mf-trading/src/paths.ts')])];
const isDesktop = (route) => route.startsWith('/pages/desktop/');

let auth = null;

/** A verified user (the reference server reviews KYC automatically) with a nickname as long as people choose them. */
async function verifiedUser() {
  const { token } = await users.verifiedUser(h, `fit-${Date.now()}@example.com`);
  await users.api(h, '/asset/api/user/update', { token, body: { kind: 'nickname', nickname: 'Maximiliane Schwarzenberger-Lindqvist' } }).catch(() => {});
  return { token, userInfo: await users.api(h, '/asset/api/user/info', { token }) };
}

/**
 * Runs in the page: every finding on the current screen. Kept self-contained (it is serialised into the page).
 * @param {{ cjk: boolean }} options
 */
function measure({ cjk }) {
  const findings = [];
  const describe = (el) => {
    const parts = [];
    for (let node = el; node && node !== document.body && parts.length < 4; node = node.parentElement) {
      const test = node.getAttribute('data-testid');
      let part = node.tagName.toLowerCase();
      if (test) part += `[data-testid="${test}"]`;
      else if (typeof node.className === 'string' && node.className.trim()) part += `.${node.className.trim().split(/\s+/)[0]}`;
      parts.unshift(part);
      if (test) break;
    }
    return parts.join(' > ');
  };
  const text = (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const shown = (el) => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false; // visually hidden (screen-reader text)
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  // Inside a container that scrolls sideways on purpose, content may run past the visible part.
  const inScroller = (el) => {
    for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
      const x = getComputedStyle(node).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  const SKIP = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'CANVAS', 'svg', 'IMG', 'VIDEO', 'SCRIPT', 'STYLE', 'NOSCRIPT']);
  const root = document.querySelector('.meridian-frame') ?? document.body;

  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    findings.push({ kind: 'page-wider-than-window', where: 'html', text: '', content: document.documentElement.scrollWidth, box: window.innerWidth });
  }

  for (const el of root.querySelectorAll('*')) {
    if (SKIP.has(el.tagName) || el.closest('svg') || !shown(el)) continue;
    const style = getComputedStyle(el);
    const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    // An ellipsis is a deliberate cut; it counts when it leaves less than five characters' room.
    const deliberate = style.textOverflow === 'ellipsis' && el.clientWidth >= 5 * parseFloat(style.fontSize);
    if (clips && !deliberate && el.scrollWidth > el.clientWidth + 1 && text(el) && !inScroller(el.parentElement)) {
      findings.push({ kind: 'clipped', where: describe(el), text: text(el), content: el.scrollWidth, box: el.clientWidth });
    }
  }

  // Navigation bars (the top navigation, the tab bar, rows of tabs) stay one row of one-line items. (Lists of links
  // that wrap by design, such as the records links, are not bars.)
  for (const bar of root.querySelectorAll('header nav, [data-testid="tabbar"], [role="tablist"]')) {
    if (!shown(bar)) continue;
    for (const row of [bar, ...bar.querySelectorAll('*')]) {
      const style = getComputedStyle(row);
      if (!/flex|grid/.test(style.display) || row.children.length < 2) continue;
      if (style.display.endsWith('flex') && !style.flexDirection.startsWith('row')) continue;
      // a tablist that wraps by design (chips: chains, wallets, statuses) is a group, not a bar
      if (row.matches('[role="tablist"]') && style.flexWrap === 'wrap') continue;
      const items = [...row.children].filter(shown);
      const boxes = items.map((item) => item.getBoundingClientRect());
      // items of one row overlap vertically; one that starts below another's bottom went to a second row
      const wrapped = boxes.some((a) => boxes.some((b) => b.top >= a.bottom - 1));
      if (wrapped) {
        findings.push({ kind: 'nav-row-wraps', where: describe(row), text: text(row), content: items.length, box: 0 });
      }
      for (const item of items) {
        const link = item.matches('a, button') ? item : item.querySelector('a, button');
        if (!link || !link.textContent?.trim()) continue;
        const lineHeight = parseFloat(getComputedStyle(link).lineHeight) || parseFloat(getComputedStyle(link).fontSize) * 1.4;
        // the lines of its text (an icon above a label is not a second line)
        const tops = [];
        const texts = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        for (let t = texts.nextNode(); t; t = texts.nextNode()) {
          const lines = document.createRange();
          lines.selectNodeContents(t);
          for (const r of lines.getClientRects()) if (r.width > 0) tops.push(r.top);
        }
        tops.sort((a, b) => a - b);
        const count = tops.filter((top, i) => i === 0 || top > tops[i - 1] + lineHeight / 2).length;
        if (count > 1) findings.push({ kind: 'nav-item-wraps', where: describe(link), text: text(link), content: count, box: 1 });
      }
    }
  }

  // Items of a flex row or a grid pushed out of their container (a min-width: auto that the text would not let shrink).
  for (const el of root.querySelectorAll('*')) {
    const parent = el.parentElement;
    if (!parent || SKIP.has(el.tagName) || el.closest('svg') || !shown(el)) continue;
    const ps = getComputedStyle(parent);
    const rowish = (ps.display.endsWith('flex') && ps.flexDirection.startsWith('row')) || ps.display.endsWith('grid');
    if (!rowish || ['hidden', 'clip'].includes(ps.overflowX) || inScroller(parent) || getComputedStyle(el).position === 'absolute' || !text(el)) continue;
    const outer = parent.getBoundingClientRect();
    const inner = { left: outer.left + parseFloat(ps.borderLeftWidth), right: outer.right - parseFloat(ps.borderRightWidth) };
    const rect = el.getBoundingClientRect();
    const over = Math.max(rect.right - inner.right, inner.left - rect.left);
    if (over > 1) findings.push({ kind: 'item-past-its-row', where: describe(el), text: text(el), content: Math.round(outer.width + over), box: Math.round(outer.width) });
  }

  // Text nodes: past the right (or left) edge of the nearest box that is not inline.
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (node.nodeValue?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT) });
  const range = document.createRange();
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || SKIP.has(parent.tagName) || parent.closest('svg') || !shown(parent)) continue;
    let box = parent;
    while (box.parentElement && getComputedStyle(box).display.startsWith('inline') && !getComputedStyle(box).display.startsWith('inline-')) box = box.parentElement;
    // text cut by a box that clips is reported as clipped (above); text inside a sideways scroller may run on
    if (inScroller(box) || ['hidden', 'clip'].includes(getComputedStyle(box).overflowX)) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    if (!rects.length) continue;
    const outer = box.getBoundingClientRect();
    const boxStyle = getComputedStyle(box);
    const right = outer.right - parseFloat(boxStyle.borderRightWidth);
    const left = outer.left + parseFloat(boxStyle.borderLeftWidth);
    const over = Math.max(...rects.map((r) => Math.max(r.right - right, left - r.left)));
    if (over > 1 && !seen.has(box)) {
      seen.add(box);
      findings.push({ kind: 'text-past-its-box', where: describe(box), text: text(box), content: Math.round(outer.width + over), box: Math.round(outer.width) });
    }
    // A lone character on the last line: one line box of about one glyph after at least one full line.
    if (cjk && rects.length >= 2 && parent.childNodes.length === 1) {
      const value = node.nodeValue.trim();
      const last = rects[rects.length - 1];
      const lines = new Set(rects.map((r) => Math.round(r.top))).size;
      const fontSize = parseFloat(getComputedStyle(parent).fontSize);
      if (lines >= 2 && last.width < fontSize * 1.3 && /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]$/.test(value)) {
        findings.push({ kind: 'lone-character-line', where: describe(parent), text: value.slice(0, 80), content: Math.round(last.width), box: Math.round(fontSize) });
      }
    }
  }
  return findings;
}

/** Opens route and waits for its title, its data and the fonts. Returns the path the app ended on. */
async function open(page, route) {
  await page.goto(route);
  await page.locator('h1#page-title').first().waitFor({ state: 'visible' });
  // loading states resolve (a spinner left after 8 s is measured as it is)
  await page
    .waitForFunction(() => !document.querySelector('[role="status"] [aria-hidden="true"]'), null, { timeout: 8_000 })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
  return page.evaluate(() => location.pathname);
}

const report = [];

test('a KYC-verified user for the logged-in screens', async () => {
  auth = await verifiedUser();
});

for (const viewport of ['phone', 'desktop']) {
  for (const lang of LANGUAGES) {
    test(`every screen fits at ${viewport} size in ${lang}`, () =>
      h.withPage({ viewport, name: `fit-${viewport}-${lang}` }, async (page) => {
        assert.ok(auth, 'no verified user');
        const routes = ROUTES.filter((route) => isDesktop(route) === (viewport === 'desktop'));
        assert.ok(routes.length > (viewport === 'phone' ? 40 : 15), `only ${routes.length} routes found`);
        const found = [];
        for (const visitor of [true, false]) {
          await page.context().clearCookies();
          await page.goto('/pages/privacy-policy/privacy-policy');
          await page.evaluate(
            ([l, session]) => {
              localStorage.clear();
              localStorage.setItem('lang', JSON.stringify(l));
              if (session) {
                localStorage.setItem('token', JSON.stringify(session.token));
                localStorage.setItem('userInfo', JSON.stringify(session.userInfo));
              }
            },
            [lang, visitor ? null : auth],
          );
          for (const route of routes.filter((r) => VISITOR_ONLY.test(r) === visitor)) {
            let landed;
            try {
              landed = await open(page, route);
            } catch (error) {
              found.push({ route, kind: 'did-not-open', where: '', text: String(error.message).split('\n')[0], content: 0, box: 0 });
              continue;
            }
            // a route that forwards to another screen is measured there
            if (landed !== route.split('?')[0]) continue;
            for (const finding of await page.evaluate(measure, { cjk: lang === 'jp' })) found.push({ route, ...finding });
          }
        }
        report.push(...found.map((f) => ({ viewport, lang, ...f })));
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        fs.writeFileSync(path.join(ARTIFACTS, 'text-fit.json'), JSON.stringify(report, null, 2));
        assert.deepEqual(
          found.map((f) => `${f.route} ${f.kind} ${f.where} "${f.text}" (${f.content} in ${f.box})`),
          [],
          `${found.length} places where text does not fit at ${viewport} size in ${lang}`,
        );
      }));
  }
}

// Screenshots of the screens issue 11 named (convert, loans, profile, security center; desktop settings), for a look
// at what the numbers above cannot judge: e2e/artifacts/screenshots/fit-<viewport>-<lang>-<screen>.png.
const SHOTS = {
  phone: { convert: '/pages/convert/index', loan: '/pages/loan/index', profile: '/pages/profile/index', security: '/pages/profile/security-center/index', market: '/pages/quote/index' },
  desktop: { convert: '/pages/desktop/assets/convert', loan: '/pages/desktop/loan/index', settings: '/pages/desktop/settings', market: '/pages/desktop/market' },
};
for (const viewport of ['phone', 'desktop']) {
  test(`screenshots at ${viewport} size in en, ge and jp`, () =>
    h.withPage({ viewport, name: `fit-shots-${viewport}` }, async (page) => {
      assert.ok(auth, 'no verified user');
      for (const lang of LANGUAGES) {
        await page.goto('/pages/privacy-policy/privacy-policy');
        await page.evaluate(
          ([l, session]) => {
            localStorage.setItem('lang', JSON.stringify(l));
            localStorage.setItem('token', JSON.stringify(session.token));
            localStorage.setItem('userInfo', JSON.stringify(session.userInfo));
          },
          [lang, auth],
        );
        for (const [name, route] of Object.entries(SHOTS[viewport])) {
          assert.equal(await open(page, route), route);
          await page.waitForTimeout(400);
          const file = path.join(ARTIFACTS, 'screenshots', `fit-${viewport}-${lang}-${name}.png`);
          fs.mkdirSync(path.dirname(file), { recursive: true });
          await page.screenshot({ path: file, fullPage: true });
        }
      }
    }));
}
