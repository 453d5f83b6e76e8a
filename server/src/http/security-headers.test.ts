import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { testApp } from '../testing/app.js';
import { testDb } from '../testing/test-db.js';
import { cspOrigin, remoteOrigins } from './security-headers.js';

let db: Db;
let cleanup: () => Promise<void>;
let publicDir: string;
let app: FastifyInstance;

const mfConfig = (stocksManifest: string) =>
  JSON.stringify({
    remotes: [
      { name: 'mf_trading', manifest: '/remotes/mf_trading/0.1.0/mf-manifest.json', routes: ['/pages/quote'] },
      { name: 'mf_stocks', manifest: stocksManifest, routes: ['/pages/stocks'] },
    ],
  });

before(async () => {
  ({ db, cleanup } = await testDb());
  publicDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-csp-'));
  await mkdir(path.join(publicDir, 'remotes/mf_trading/0.1.0'), { recursive: true });
  await writeFile(path.join(publicDir, 'index.html'), '<!doctype html><head><title>Meridian</title></head>');
  await writeFile(path.join(publicDir, 'remotes/mf_trading/0.1.0/remoteEntry.js'), 'var mf_trading;');
  // a remote's standalone preview page: a document served as a static file
  await writeFile(path.join(publicDir, 'remotes/mf_trading/0.1.0/index.html'), '<!doctype html><title>preview</title>');
  await writeFile(path.join(publicDir, 'mf-config.json'), mfConfig('https://cdn.example.com/mf_stocks/1.0.0/mf-manifest.json'));
  app = await testApp(
    { publicDir, mfOverrideOrigins: ['https://preview.example.com', 'http://localhost:*', "https://evil.example.com; script-src 'unsafe-inline'"] },
    { db, jobs: false },
  );
});
after(async () => {
  await app.close();
  await cleanup();
  await rm(publicDir, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header');
  const map = new Map<string, string[]>();
  for (const part of (header as string).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

test('the app shell carries the CSP, anti-framing, nosniff and Referrer-Policy', async () => {
  const response = await app.inject({ method: 'GET', url: '/pages/quote/index' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.equal(response.headers['x-frame-options'], 'DENY');
  assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  const csp = policy(response.headers['content-security-policy']);
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
  assert.deepEqual(csp.get('default-src'), ["'self'"]);
  assert.deepEqual(csp.get('object-src'), ["'none'"]);
  // no inline script, no eval: the inline mf-config block is JSON data
  for (const directive of ['script-src', 'style-src', 'default-src']) {
    assert.ok(!csp.get(directive)!.includes("'unsafe-inline'"), `${directive} has no 'unsafe-inline'`);
    assert.ok(!csp.get(directive)!.includes("'unsafe-eval'"), `${directive} has no 'unsafe-eval'`);
  }
  assert.deepEqual(csp.get('style-src-attr'), ["'unsafe-inline'"]);
  assert.deepEqual(csp.get('img-src')!.slice(0, 4), ["'self'", 'data:', 'blob:', 'https:']);
  assert.ok(!csp.has('upgrade-insecure-requests'));
  assert.match(response.body, /<script type="application\/json" id="mf-config">/);
});

test('scripts, styles and fetches are allowed from the remotes\' origins and the staging-override origins only', async () => {
  const csp = policy((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
  for (const directive of ['script-src', 'style-src', 'connect-src']) {
    assert.deepEqual(csp.get(directive), ["'self'", 'https://cdn.example.com', 'https://preview.example.com', 'http://localhost:*'], directive);
  }
  // a configured origin that is not one (here an attempt to add a directive) is left out
  assert.ok(!(csp.get('script-src') ?? []).includes("'unsafe-inline'"));
  assert.ok(![...csp.keys()].some((key) => key.includes('evil')));
});

test('promoting a remote to another origin (an edit of mf-config.json) changes the policy without a restart', async () => {
  const file = path.join(publicDir, 'mf-config.json');
  await writeFile(file, mfConfig('https://cdn2.example.com/mf_stocks/1.1.0/mf-manifest.json'));
  const later = new Date(Date.now() + 5_000);
  await utimes(file, later, later);
  const csp = policy((await app.inject({ method: 'GET', url: '/pages/stocks/index' })).headers['content-security-policy']);
  assert.ok(csp.get('script-src')!.includes('https://cdn2.example.com'));
  assert.ok(!csp.get('script-src')!.includes('https://cdn.example.com'));
});

test('scripts, API answers and 404s carry nosniff and Referrer-Policy but no document headers; remotes stay loadable by other origins', async () => {
  const documentOnly = ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'strict-transport-security'];
  for (const url of ['/health', '/no/such/thing', '/remotes/mf_trading/0.1.0/remoteEntry.js', '/mf-config.json']) {
    const response = await app.inject({ method: 'GET', url });
    assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
    for (const name of documentOnly) assert.equal(response.headers[name], undefined, `${url}: ${name}`);
  }
  const entry = await app.inject({ method: 'GET', url: '/remotes/mf_trading/0.1.0/remoteEntry.js' });
  assert.equal(entry.statusCode, 200);
  assert.equal(entry.headers['cross-origin-resource-policy'], 'cross-origin');
  assert.equal((await app.inject({ method: 'GET', url: '/' })).headers['cross-origin-resource-policy'], 'same-origin');
});

test('every HTML document gets the document headers: the app shell on any route and a static page', async () => {
  for (const url of ['/', '/pages/home/index', '/remotes/mf_trading/0.1.0/index.html']) {
    const response = await app.inject({ method: 'GET', url });
    assert.equal(response.statusCode, 200, url);
    assert.match(String(response.headers['content-type']), /^text\/html/, url);
    assert.deepEqual(policy(response.headers['content-security-policy']).get('frame-ancestors'), ["'none'"], url);
    assert.equal(response.headers['x-frame-options'], 'DENY', url);
    assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin', url);
    assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
  }
});

test('/docs has its own relaxed policy on its routes only, still unframeable and without inline script', async () => {
  const docs = await app.inject({ method: 'GET', url: '/docs/' });
  assert.equal(docs.statusCode, 200);
  const csp = policy(docs.headers['content-security-policy']);
  assert.deepEqual(csp.get('style-src'), ["'self'", "'unsafe-inline'"]);
  assert.deepEqual(csp.get('script-src'), ["'self'"]);
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
  // its script and style files get the same policy
  const initializer = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
  assert.deepEqual(policy(initializer.headers['content-security-policy']).get('style-src'), ["'self'", "'unsafe-inline'"]);
  // the document itself is JSON: no page policy to relax
  const spec = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
  assert.ok(!String(spec.headers['content-security-policy'] ?? '').includes("'unsafe-inline'"));
});

test('origins become CSP sources only when they are origins', () => {
  assert.equal(cspOrigin('https://CDN.example.com/'), 'https://cdn.example.com');
  assert.equal(cspOrigin('http://localhost:*'), 'http://localhost:*');
  assert.equal(cspOrigin('https://*.example.com:8443'), 'https://*.example.com:8443');
  assert.equal(cspOrigin('https://a.example.com/path'), undefined);
  assert.equal(cspOrigin("'unsafe-inline'"), undefined);
  assert.equal(cspOrigin('https://a.example.com; script-src *'), undefined);
  assert.deepEqual(remoteOrigins(['/remotes/x/mf-manifest.json', 'https://a.example.com:444/x/mf-manifest.json', 'javascript:alert(1)']), [
    'https://a.example.com:444',
  ]);
});
