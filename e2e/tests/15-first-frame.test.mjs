// The first frame (issue 24): the server writes the route's title and subtitle, in the language of the lang cookie,
// into the page's HTML, drawn by the stylesheet the HTML names; the page's own header takes its place, in the same
// box, in the frame it appears in (never both, never a shift).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { VIEWPORTS, useHarness } from '../harness.mjs';

const h = useHarness();

/** The boxes of a title and its subtitle. */
async function boxes(page, title, subtitle) {
  const box = async (selector) => {
    const b = await page.locator(selector).boundingBox();
    assert.ok(b, `${selector} is drawn`);
    return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
  };
  return { title: await box(title), subtitle: await box(subtitle) };
}

for (const { name, url, lang, title, subtitle } of [
  { name: 'a remote route in German', url: '/pages/quote/index', lang: 'ge', title: 'Märkte', subtitle: 'Verfolgen Sie Live-Kurse' },
  { name: "the shell's home in Japanese", url: '/pages/home/index', lang: 'jp', title: 'Meridian', subtitle: '暗号資産' },
]) {
  test(`${name}: the HTML draws the title before any script, and the page's own header takes its exact place`, async () => {
    // without JavaScript: what the first paint shows
    const context = await h.browser.newContext({ ...VIEWPORTS.phone, baseURL: h.baseUrl, javaScriptEnabled: false });
    await context.addCookies([{ name: 'lang', value: lang, url: h.baseUrl }]);
    let drawn;
    try {
      const page = await context.newPage();
      await page.goto(url);
      const frameTitle = page.locator('#first-frame .first-frame-title');
      assert.equal(await frameTitle.isVisible(), true);
      assert.ok((await frameTitle.textContent()).startsWith(title), await frameTitle.textContent());
      assert.ok((await page.locator('#first-frame .first-frame-subtitle').textContent()).includes(subtitle));
      assert.equal(await page.locator('#first-frame').getAttribute('aria-hidden'), 'true');
      drawn = await boxes(page, '#first-frame .first-frame-title', '#first-frame .first-frame-subtitle');
    } finally {
      await context.close();
    }

    await h.withPage({ viewport: 'phone', name: `first-frame-${lang}` }, async (page) => {
      // a user who chose the language: kept in localStorage (the shell's choice) and mirrored in the cookie (the server's)
      await page.context().addCookies([{ name: 'lang', value: lang, url: h.baseUrl }]);
      await page.addInitScript((code) => localStorage.setItem('lang', JSON.stringify(code)), lang);
      // counts every paint that shows two titles at once (the frame and the page's own)
      await page.addInitScript(() => {
        window.__bothShown = 0;
        const watch = () => {
          if (document.getElementById('first-frame') && document.querySelector('#meridian-outlet h1')) window.__bothShown += 1;
          requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      await page.goto(url);
      const own = page.locator('#meridian-outlet h1');
      await own.waitFor();
      assert.equal(await page.locator('#first-frame').count(), 0, 'the first frame gave way');
      assert.ok((await own.textContent()).startsWith(title));
      assert.deepEqual(await boxes(page, '#meridian-outlet h1', '#meridian-outlet h1 + p'), drawn, 'the same boxes');
      assert.equal(await page.evaluate(() => window.__bothShown), 0, 'never both titles in one frame');
    });
  });
}

test('a wide window does not draw it (it starts on the desktop layout)', () =>
  h.withPage({ viewport: 'desktop', name: 'first-frame-desktop' }, async (page) => {
    await page.route('**/main.js', (route) => route.abort());
    await page.goto('/pages/home/index');
    assert.equal(await page.locator('#first-frame').count(), 1);
    assert.equal(await page.locator('#first-frame').isVisible(), false);
  }));
