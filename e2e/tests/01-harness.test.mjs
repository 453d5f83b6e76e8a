// The harness itself: the built server answers in Chromium, the broken-remote fixture is served with CORS,
// and the override allow-list is passed to the server. Runs even before the shell renders anything.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { PUBLIC_DIR, useHarness } from '../harness.mjs';

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

/** GET with an Accept-Encoding, body left encoded (fetch would decode it). */
function rawGet(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test('the build is precompressed and the server sends the accepted copy, with the right caching', async () => {
  const entry = 'remotes/mf_trading/0.1.0/remoteEntry.js';
  const plain = fs.readFileSync(path.join(PUBLIC_DIR, entry));
  assert.ok(fs.existsSync(path.join(PUBLIC_DIR, `${entry}.br`)) && fs.existsSync(path.join(PUBLIC_DIR, `${entry}.gz`)), 'assemble wrote .br and .gz');
  const br = await rawGet(`${h.baseUrl}/${entry}`, 'gzip, deflate, br');
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['cache-control'], 'no-cache');
  assert.match(String(br.headers.vary), /accept-encoding/i);
  assert.ok(zlib.brotliDecompressSync(br.body).equals(plain));
  const gzip = await rawGet(`${h.baseUrl}/${entry}`, 'gzip');
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.ok(zlib.gunzipSync(gzip.body).equals(plain));

  const hashed = fs.readdirSync(PUBLIC_DIR).find((name) => /\.[0-9a-f]{8}\.js$/.test(name) && fs.existsSync(path.join(PUBLIC_DIR, `${name}.br`)));
  assert.ok(hashed, 'a content-hashed chunk with a compressed copy');
  const chunk = await rawGet(`${h.baseUrl}/${hashed}`, 'br');
  assert.equal(chunk.headers['content-encoding'], 'br');
  assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');

  const api = await rawGet(`${h.baseUrl}/api/market/getTickerList`, 'br');
  assert.equal(api.headers['content-encoding'], 'br');
  assert.equal(JSON.parse(zlib.brotliDecompressSync(api.body).toString()).code, 0);
});
