// The whole platform under its Content-Security-Policy (server/src/http/security-headers.ts): at phone and desktop
// sizes every page answers with the CSP and anti-framing headers, the shell and every remote mount (a remote's
// desktop route where it owns one), the chart draws (ECharts writes inline style attributes), the live market
// stream connects (a websocket to the same host), and the browser reports no CSP violation: neither a
// `securitypolicyviolation` event nor a console message. MOBILE_ONLY=false so desktop renders the desktop layout.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REMOTE_PAGES, mfConfig, remotePage, useHarness, visible } from '../harness.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

/** Collects CSP violations from the first script on: events (every frame, every element) and console messages. */
async function watchViolations(page) {
  const violations = [];
  await page.addInitScript(() => {
    window.__CSP_VIOLATIONS__ = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__CSP_VIOLATIONS__.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    if (/content security policy/i.test(msg.text())) violations.push(`console ${msg.type()}: ${msg.text()}`);
  });
  return async () => [...violations, ...(await page.evaluate(() => window.__CSP_VIOLATIONS__ ?? []))];
}

/** Opens a path and checks the document's security headers. */
async function open(page, pathname) {
  const response = await page.goto(pathname);
  assert.ok(response, `no response for ${pathname}`);
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  assert.match(csp, /default-src 'self'/, `${pathname}: no CSP`);
  assert.match(csp, /frame-ancestors 'none'/, `${pathname}: the CSP does not forbid framing`);
  assert.doesNotMatch(csp, /script-src[^;]*'unsafe-(inline|eval)'/, `${pathname}: script-src allows inline or eval`);
  assert.equal(headers['x-content-type-options'], 'nosniff', pathname);
  assert.equal(headers['x-frame-options'], 'DENY', pathname);
  assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', pathname);
}

async function routeOf(remote, viewport) {
  if (viewport === 'phone') return remote.path;
  const entry = (await mfConfig(h.baseUrl)).remotes.find((r) => r.name === remote.name);
  return entry?.routes.find((r) => r.startsWith('/pages/desktop/')) ?? remote.path;
}

for (const viewport of ['phone', 'desktop']) {
  test(`${viewport}: every remote mounts under the CSP and nothing is blocked`, () =>
    h.withPage({ viewport, name: `csp-${viewport}` }, async (page) => {
      const violations = await watchViolations(page);
      await open(page, '/');
      await visible(page, 'h1#page-title');
      // the inline mf-config block is data: the shell read it (no fetch of /mf-config.json needed) under the CSP
      assert.equal(await page.locator('script#mf-config[type="application/json"]').count(), 1);

      for (const remote of REMOTE_PAGES) {
        const route = await routeOf(remote, viewport);
        await open(page, route);
        if (route.startsWith('/pages/desktop/')) await visible(page, `[data-testid="app-${remote.name}"]`);
        else await remotePage(page, remote.name);
        assert.equal(await page.locator(`[data-testid="remote-fallback-${remote.name}"]`).count(), 0, `${remote.name} fell back`);
      }

      if (viewport === 'phone') {
        // ECharts (inline style attributes, canvas) and the market stream (a websocket to this host); the desktop
        // layout has no chart page (a direct link relaunches to the desktop market)
        await open(page, '/pages/trade-chart/index?symbol=BTCUSDT');
        await visible(page, '[data-testid="kline-chart"] canvas');
      } else {
        await open(page, '/pages/desktop/trade');
        await visible(page, '[data-testid="app-mf_trading"]');
      }
      // a few live ticks over the websockets
      await page.waitForTimeout(1500);

      assert.deepEqual(await violations(), [], 'CSP violations were reported');
    }));
}

test('a violation would be seen: an inline script injected into the page is blocked and reported', () =>
  h.withPage({ viewport: 'phone', name: 'csp-probe' }, async (page) => {
    const violations = await watchViolations(page);
    await open(page, '/');
    await visible(page, 'h1#page-title');
    const ran = await page.evaluate(async () => {
      window.__INLINE_RAN__ = false;
      const script = document.createElement('script');
      script.textContent = 'window.__INLINE_RAN__ = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return window.__INLINE_RAN__;
    });
    assert.equal(ran, false, 'an inline script ran');
    const reported = await violations();
    assert.ok(reported.some((v) => /script-src/.test(v)), `no violation reported: ${JSON.stringify(reported)}`);
  }));
