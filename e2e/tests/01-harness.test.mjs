// The harness itself: the built server answers in Chromium, the broken-remote fixture is served with CORS,
// and the override allow-list is passed to the server. Runs even before the shell renders anything.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useHarness } from '../harness.mjs';

const h = useHarness();

test('the built server answers /health in Chromium', () =>
  h.withPage({ viewport: 'phone', name: 'health' }, async (page) => {
    const res = await page.goto('/health');
    assert.ok(res, 'no response');
    assert.equal(res.status(), 200);
    assert.equal(await page.evaluate(() => screen.width), 375);
  }));

test('the server serves mf-config.json and the shell page', async () => {
  const config = await fetch(`${h.baseUrl}/mf-config.json`);
  assert.equal(config.status, 200);
  const index = await fetch(`${h.baseUrl}/`);
  assert.equal(index.status, 200);
  assert.match(await index.text(), /<div id="root">|<script/);
});

test('the broken-remote fixture is built and served cross-origin with CORS', async () => {
  assert.ok(h.platform?.brokenRemoteBuilt, 'e2e/fixtures/broken-remote/dist is not built (npm test builds it)');
  const res = await fetch(`${h.brokenOrigin}/mf-manifest.json`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  const manifest = await res.json();
  assert.equal(manifest.name, 'mf_c2c');
});
