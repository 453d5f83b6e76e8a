import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';

const MF_CONFIG = {
  remotes: [
    {
      name: 'mf_trading',
      version: '0.1.0',
      manifest: '/remotes/mf_trading/0.1.0/mf-manifest.json',
      routes: ['/pages/quote', '/pages/trade'],
      slots: { 'nav.top': [{ id: 'market', href: '/pages/desktop/market', label: 'slotNavMarket', order: 10 }] },
      slotTexts: '/remotes/mf_trading/0.1.0/slot-texts.json',
    },
    // a remote without slot contributions has no slot texts
    { name: 'mf_c2c', version: '0.1.0', manifest: '/remotes/mf_c2c/0.1.0/mf-manifest.json', routes: ['/pages/c2c'] },
  ],
};

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Meridian</title>',
  'main.1a2b3c4d.js': 'console.log("shell")',
  'favicon.ico': 'icon',
  'mf-config.json': JSON.stringify(MF_CONFIG),
  'remotes/mf_trading/0.1.0/mf-manifest.json': JSON.stringify({
    id: 'mf_trading',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'app', path: './app', assets: { js: { sync: ['__federation_expose_app.9f8e7d6c.js'], async: [] } } },
      { name: 'market-widget', path: './market-widget', assets: { js: { sync: ['__federation_expose_market_widget.0a1b2c3d.js'], async: [] } } },
    ],
  }),
  'remotes/mf_trading/0.1.0/remoteEntry.js': 'var mf_trading;',
  'remotes/mf_trading/0.1.0/slot-texts.json': JSON.stringify({ en: { slotNavMarket: 'Market' }, jp: { slotNavMarket: 'マーケット' } }),
  'remotes/mf_trading/0.1.0/mf-stats.json': '{}',
  'remotes/mf_trading/0.1.0/texts.json': JSON.stringify({ texts: {
    en: { mf_trading: 'locale-en-mf_trading-json.11aa22bb.js', mf_trading_widget: 'locale-en-mf_trading_widget-json.33cc44dd.js' },
    ge: { mf_trading: 'locale-ge-mf_trading-json.55ee66ff.js', mf_trading_widget: 'locale-ge-mf_trading_widget-json.77aa88bb.js' },
  } }),
  'remotes/mf_trading/0.1.0/__federation_expose_app.9f8e7d6c.js': 'export {}',
  'preload.json': JSON.stringify({ texts: { en: ['locale-en-shell-json.1a2b3c4d.js'], ge: ['locale-ge-shell-json.5e6f7a8b.js'] } }),
  'coins/0.18.1/btc.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"/>',
};

// Big enough to be worth compressing; the build writes name.br and name.gz beside such files (precompress.mjs).
const BIG_JS = `console.log(${JSON.stringify('shell '.repeat(400))});`;
const BIG_HTML = `<!doctype html><title>Meridian</title><body>${'<div class="app"></div>'.repeat(100)}</body>`;
const PRECOMPRESSED: Record<string, string> = {
  'big.4e5f6a7b.js': BIG_JS,
  'remotes/mf_trading/0.1.0/big-entry/remoteEntry.js': BIG_JS,
  'shell-big/index.html': BIG_HTML,
};
// A text file over the threshold the build did not compress: served as it is, never compressed on the fly.
const PLAIN_BIG = { 'notes.txt': 'n'.repeat(4096) };

let db: Db;
let cleanup: () => Promise<void>;
let publicDir: string;
let emptyDir: string;
let app: FastifyInstance;

before(async () => {
  ({ db, cleanup } = await testDb());
  publicDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-public-'));
  emptyDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-empty-'));
  for (const [name, content] of Object.entries({ ...FILES, ...PLAIN_BIG, ...PRECOMPRESSED })) {
    await mkdir(path.dirname(path.join(publicDir, name)), { recursive: true });
    await writeFile(path.join(publicDir, name), content);
  }
  for (const [name, content] of Object.entries(PRECOMPRESSED)) {
    await writeFile(path.join(publicDir, `${name}.br`), brotliCompressSync(content));
    await writeFile(path.join(publicDir, `${name}.gz`), gzipSync(content));
  }
  app = await testApp({ publicDir, mobileOnly: true, mfOverrideOrigins: ['http://localhost:*'] }, { db });
});
after(async () => {
  await app.close();
  await cleanup();
  await rm(publicDir, { recursive: true, force: true });
  await rm(emptyDir, { recursive: true, force: true });
});

describe('GET /slot-texts/<lng>.json', () => {
  test('answers every live remote’s slot texts in that language, from the files mf-config.json names', async () => {
    const jp = await app.inject({ method: 'GET', url: '/slot-texts/jp.json' });
    assert.equal(jp.statusCode, 200);
    assert.equal(jp.headers['cache-control'], 'no-cache');
    assert.deepEqual(jp.json(), { mf_trading: { slotNavMarket: 'マーケット' } });
    // a language the remote has no texts for leaves it out (the shell then shows no label rather than a key)
    assert.deepEqual((await app.inject({ method: 'GET', url: '/slot-texts/fr.json' })).json(), {});
  });

  test('refuses anything but a two-letter language file', async () => {
    for (const url of ['/slot-texts/..%2Fmf-config.json', '/slot-texts/english.json', '/slot-texts/en']) {
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404, url);
    }
  });
});

describe('GET /mf-config.json', () => {
  test('answers the remotes from the file plus the settings from config, never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/mf-config.json' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.deepEqual(response.json(), { remotes: MF_CONFIG.remotes, mobileOnly: true, overrideOrigins: ['http://localhost:*'] });

    const other = await testApp({ publicDir, mobileOnly: false, mfOverrideOrigins: [] }, { db });
    try {
      const body = (await other.inject({ method: 'GET', url: '/mf-config.json' })).json();
      assert.equal(body.mobileOnly, false);
      assert.deepEqual(body.overrideOrigins, []);
    } finally {
      await other.close();
    }
  });

  test('answers 503 with a clear message when the file is missing or malformed', async () => {
    const missing = await testApp({ publicDir: emptyDir }, { db });
    try {
      const response = await missing.inject({ method: 'GET', url: '/mf-config.json' });
      assert.equal(response.statusCode, 503);
      assert.match(response.json().msg, /mf-config\.json is missing/);

      await writeFile(path.join(emptyDir, 'mf-config.json'), '{"remotes":[{"name":"mf_c2c"}]}');
      const invalid = await missing.inject({ method: 'GET', url: '/mf-config.json' });
      assert.equal(invalid.statusCode, 503);
      assert.match(invalid.json().msg, /remotes\[0\] needs/);
    } finally {
      await missing.close();
      await rm(path.join(emptyDir, 'mf-config.json'), { force: true });
    }
  });
});

describe('static hosting', () => {
  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET', headers: Record<string, string> = {}) => app.inject({ method, url, headers });

  const inlineConfig = (html: string) => {
    const match = /<script type="application\/json" id="mf-config">([^<]*)<\/script>/.exec(html);
    assert.ok(match, 'index.html carries the inline mf-config block');
    return JSON.parse(match[1]!) as unknown;
  };
  const preloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map((m) => `${m[2]} ${m[1]}`);

  test('the shell and its app routes get index.html, revalidated on every load', async () => {
    for (const url of ['/', '/index.html', '/splash', '/choose-location', '/open-location', '/pages/foo/bar', '/pages/quote/index?symbol=BTCUSDT']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.ok(response.body.startsWith('<!doctype html><title>Meridian</title>'), url);
      assert.match(String(response.headers['content-type']), /^text\/html/, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
    }
  });

  test('index.html inlines the same configuration /mf-config.json answers, as a JSON block', async () => {
    const served = (await get('/mf-config.json')).json();
    for (const url of ['/', '/index.html', '/pages/quote/index']) assert.deepEqual(inlineConfig((await get(url)).body), served, url);
    assert.doesNotMatch((await get('/')).body, /<script(?![^>]*type="application\/json")[^>]*>/, 'no executable inline script (CSP)');
  });

  test('the inline block cannot be closed or broken by what mf-config.json holds', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-escape-'));
    const hostile = { name: 'x</script><script>alert(1)</script>\u2028', manifest: '/m.json?a=1&b="2"', routes: ['/pages/x'] };
    await writeFile(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
    await writeFile(path.join(dir, 'mf-config.json'), JSON.stringify({ remotes: [hostile] }));
    const other = await testApp({ publicDir: dir, mobileOnly: false, mfOverrideOrigins: [] }, { db });
    try {
      const html = (await other.inject({ method: 'GET', url: '/pages/x/y' })).body;
      assert.match(html, /href="\/m\.json\?a=1&amp;b=&quot;2&quot;" as="fetch"/);
      assert.equal(html.match(/<\/script>/g)?.length, 1, 'only the block\'s own end tag');
      assert.deepEqual(inlineConfig(html), { remotes: [hostile], mobileOnly: false, overrideOrigins: [] });
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a remote route preloads its manifest, remote entry and first app chunk; other routes preload nothing', async () => {
    const base = '/remotes/mf_trading/0.1.0/';
    assert.deepEqual(preloads((await get('/pages/quote/index?symbol=BTCUSDT')).body), [
      `fetch ${base}mf-manifest.json`,
      `script ${base}remoteEntry.js`,
      `script ${base}__federation_expose_app.9f8e7d6c.js`,
    ]);
    assert.match((await get('/pages/trade')).body, /href="\/remotes\/mf_trading\/0.1.0\/mf-manifest.json" as="fetch" crossorigin="anonymous"/);
    assert.deepEqual(preloads((await get('/pages/quotes')).body), []);
  });

  test("home preloads the market overview's remote, its module and the quotes it asks for first", async () => {
    const base = '/remotes/mf_trading/0.1.0/';
    for (const url of ['/', '/pages/home', '/pages/home/index']) {
      assert.deepEqual(preloads((await get(url)).body), [
        `fetch ${base}mf-manifest.json`,
        `script ${base}remoteEntry.js`,
        `script ${base}__federation_expose_market_widget.0a1b2c3d.js`,
        'fetch /api/market/byTypeGetMarketPrice?type=CRYPTO',
      ], url);
    }
  });

  test("every page names the shell's texts in the language of the lang cookie (none without one)", async () => {
    const texts = async (cookie?: string) => preloads((await get('/pages/quotes', 'GET', cookie ? { cookie } : {})).body);
    // no cookie: the language is not known here, and a user who chose another must never download the English texts
    assert.deepEqual(await texts(), []);
    assert.deepEqual(await texts('a=1; lang=ge'), ['script /locale-ge-shell-json.5e6f7a8b.js']);
    assert.deepEqual(await texts('lang=en'), ['script /locale-en-shell-json.1a2b3c4d.js']);
    // a language the build has no texts for: none either
    assert.deepEqual(await texts('lang=xx'), []);
  });

  test("a remote's texts in the lang cookie's language come in the first round trip: the route's namespace, home the widget's", async () => {
    const base = '/remotes/mf_trading/0.1.0/';
    const hints = async (url: string, cookie: string) => preloads((await get(url, 'GET', { cookie })).body);
    assert.deepEqual(await hints('/pages/quote/index?symbol=BTCUSDT', 'lang=ge'), [
      'script /locale-ge-shell-json.5e6f7a8b.js',
      `fetch ${base}mf-manifest.json`,
      `script ${base}remoteEntry.js`,
      `script ${base}__federation_expose_app.9f8e7d6c.js`,
      `script ${base}locale-ge-mf_trading-json.55ee66ff.js`,
    ]);
    const home = await hints('/', 'lang=en');
    assert.ok(home.includes(`script ${base}locale-en-mf_trading_widget-json.33cc44dd.js`), home.join('\n'));
    assert.ok(!home.some((h) => h.includes('locale-en-mf_trading-json')), 'home names the widget\'s texts only');
    // a language the remote has no texts for: its other hints, and no text
    assert.ok(!(await hints('/pages/quote/index', 'lang=jp')).some((h) => h.includes('locale-')));
  });

  test("the route's first frame (title and subtitle in the page's language) is in the outlet before any script", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-first-frame-'));
    const remote = { name: 'mf_trading', manifest: '/remotes/mf_trading/0.1.0/mf-manifest.json', routes: ['/pages/quote'], firstFrames: '/remotes/mf_trading/0.1.0/first-frames.json' };
    await mkdir(path.join(dir, 'remotes/mf_trading/0.1.0'), { recursive: true });
    // as the build writes it: minified, attributes unquoted
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><html lang=en><head></head><body><main id=meridian-outlet tabindex=-1></main></body></html>');
    await writeFile(path.join(dir, 'mf-config.json'), JSON.stringify({ remotes: [remote] }));
    await writeFile(path.join(dir, 'first-frames.json'), JSON.stringify({ en: { '/': { title: 'Meridian', subtitle: 'Trade & invest' } }, jp: { '/': { title: 'メリディアン' } } }));
    await writeFile(
      path.join(dir, 'remotes/mf_trading/0.1.0/first-frames.json'),
      JSON.stringify({ en: { '/pages/quote/index': { title: 'Markets', subtitle: 'Live <prices>' } }, ge: { '/pages/quote/index': { title: 'Märkte', subtitle: 'Live-Kurse' } } }),
    );
    const other = await testApp({ publicDir: dir, mobileOnly: false, mfOverrideOrigins: [] }, { db });
    const page = async (url: string, cookie?: string) => (await other.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
    const frame = (html: string) => /<main id=meridian-outlet tabindex=-1>(<div id="first-frame"[^]*?)<\/main>/.exec(html)?.[1];
    try {
      assert.equal(
        frame(await page('/pages/quote/index?symbol=BTCUSDT', 'lang=ge')),
        '<div id="first-frame" class="first-frame" aria-hidden="true"><div class="first-frame-header"><div><p class="first-frame-title">Märkte</p>' +
          '<p class="first-frame-subtitle">Live-Kurse</p></div></div></div>',
      );
      assert.match(await page('/pages/quote/index', 'lang=ge'), /^<!doctype html><html lang="de">/);
      // no cookie: the shell's first language (English); the texts are escaped
      assert.match(frame(await page('/pages/quote/index/'))!, /first-frame-title">Markets<\/p><p class="first-frame-subtitle">Live &lt;prices&gt;<\/p>/);
      // the shell's own pages from its own file; a frame without a subtitle has none
      assert.match(frame(await page('/', 'lang=jp'))!, /first-frame-title">メリディアン<\/p><\/div>/);
      assert.match(await page('/', 'lang=jp'), /<html lang="ja">/);
      // a route no file names, a language a file lacks: the outlet stays empty
      assert.equal(frame(await page('/pages/quote/detail', 'lang=en')), undefined);
      assert.equal(frame(await page('/pages/quote/index', 'lang=kr')), undefined);
      assert.match(await page('/pages/quote/detail'), /<main id=meridian-outlet tabindex=-1><\/main>/);
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('without a readable mf-config.json, index.html is still served (the shell fetches and reports it)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-noconfig-'));
    await writeFile(path.join(dir, 'index.html'), FILES['index.html']!);
    const other = await testApp({ publicDir: dir }, { db });
    try {
      const response = await other.inject({ method: 'GET', url: '/pages/quote' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, FILES['index.html']);
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('content-hashed files are immutable; stable names are no-cache', async () => {
    assert.equal((await get('/main.1a2b3c4d.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(
      (await get('/remotes/mf_trading/0.1.0/__federation_expose_app.9f8e7d6c.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    for (const name of ['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']) {
      const response = await get(`/remotes/mf_trading/0.1.0/${name}`);
      assert.equal(response.statusCode, 200, name);
      assert.equal(response.headers['cache-control'], 'no-cache', name);
    }
    assert.equal((await get('/favicon.ico')).headers['cache-control'], 'no-cache');
  });

  test('coin icons in their versioned folder (scripts/coin-icons.mjs) are immutable SVG files', async () => {
    const response = await get('/coins/0.18.1/btc.svg');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /image\/svg\+xml/);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('a no-cache file revalidates by its ETag alone (no Last-Modified)', async () => {
    const first = await get('/remotes/mf_trading/0.1.0/remoteEntry.js');
    assert.ok(first.headers.etag, 'an ETag');
    assert.equal(first.headers['last-modified'], undefined);
    const again = await app.inject({ method: 'GET', url: '/remotes/mf_trading/0.1.0/remoteEntry.js', headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(again.statusCode, 304);
  });

  test('remotes may be loaded from any origin; the shell itself is not opened up', async () => {
    for (const name of ['mf-manifest.json', 'remoteEntry.js', '__federation_expose_app.9f8e7d6c.js']) {
      assert.equal((await get(`/remotes/mf_trading/0.1.0/${name}`)).headers['access-control-allow-origin'], '*', name);
    }
    assert.equal((await get('/main.1a2b3c4d.js')).headers['access-control-allow-origin'], undefined);
  });

  test('unknown files and paths outside the app routes answer 404', async () => {
    for (const url of ['/main.00000000.js', '/remotes/mf_trading/9.9.9/remoteEntry.js', '/nothing', '/pagesx', '/.env']) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.json().code, 404, url);
    }
    assert.equal((await get('/pages/foo', 'POST')).statusCode, 404);
  });

  test('precompressed files: brotli or gzip by Accept-Encoding, plain otherwise, always Vary: Accept-Encoding', async () => {
    const fetch = (url: string, encoding?: string, extra: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...extra } });
    const decode = (response: Awaited<ReturnType<typeof fetch>>) => {
      const raw = response.rawPayload;
      const encoding = response.headers['content-encoding'];
      return (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString();
    };
    const cases = [
      ['/big.4e5f6a7b.js', BIG_JS, 'public, max-age=31536000, immutable', /javascript/],
      ['/remotes/mf_trading/0.1.0/big-entry/remoteEntry.js', BIG_JS, 'no-cache', /javascript/],
      ['/shell-big/index.html', BIG_HTML, 'no-cache', /^text\/html/],
    ] as const;
    for (const [url, content, cacheControl, type] of cases) {
      for (const [accept, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0.5, gzip;q=1', 'gzip'],
        [undefined, undefined],
        ['identity', undefined],
      ] as const) {
        const response = await fetch(url, accept);
        assert.equal(response.statusCode, 200, `${url} ${accept}`);
        assert.equal(response.headers['content-encoding'], expected, `${url} ${accept}`);
        assert.equal(decode(response), content, `${url} ${accept}`);
        assert.match(String(response.headers.vary), /accept-encoding/i, `${url} ${accept}`);
        assert.equal(response.headers['cache-control'], cacheControl, `${url} ${accept}`);
        assert.match(String(response.headers['content-type']), type, `${url} ${accept}`);
      }
    }
  });

  test('static files are never compressed on the fly, and range requests get the plain bytes', async () => {
    const notes = await app.inject({ method: 'GET', url: '/notes.txt', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(notes.headers['content-encoding'], undefined);
    assert.equal(notes.body, PLAIN_BIG['notes.txt']);

    const range = await app.inject({ method: 'GET', url: '/notes.txt', headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' } });
    assert.equal(range.statusCode, 206);
    assert.equal(range.headers['content-encoding'], undefined);
    assert.equal(range.body, 'n'.repeat(10));
  });

  test('the app shell (history fallback) is rendered per request and compressed by Accept-Encoding when large', async () => {
    const shell = await mkdtemp(path.join(os.tmpdir(), 'meridian-shell-'));
    await writeFile(path.join(shell, 'index.html'), BIG_HTML);
    const built = await testApp({ publicDir: shell }, { db });
    try {
      for (const [accept, expected] of [['br, gzip', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
        const response = await built.inject({ method: 'GET', url: '/pages/quote/index', headers: accept ? { 'accept-encoding': accept } : {} });
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-encoding'], expected, String(accept));
        assert.match(String(response.headers.vary), /accept-encoding/i);
        assert.equal(response.headers['cache-control'], 'no-cache');
        assert.match(String(response.headers['content-type']), /^text\/html/);
        const raw = response.rawPayload;
        // no mf-config.json in this folder: the page goes out as built
        assert.equal((expected === 'br' ? brotliDecompressSync(raw) : expected === 'gzip' ? gunzipSync(raw) : raw).toString(), BIG_HTML);
      }
      // A small page (under the compression threshold) is sent plain whatever the client accepts.
      const small = await app.inject({ method: 'GET', url: '/pages/quote', headers: { 'accept-encoding': 'br' } });
      assert.equal(small.headers['content-encoding'], undefined);
      assert.match(small.body, /<script type="application\/json" id="mf-config">/);
    } finally {
      await built.close();
      await rm(shell, { recursive: true, force: true });
    }
  });

  test('app routes answer 503 when the shell is not built', async () => {
    const unbuilt = await testApp({ publicDir: emptyDir }, { db });
    try {
      const response = await unbuilt.inject({ method: 'GET', url: '/pages/quote' });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { code: 503, msg: 'The web app is not built', reason: 'appNotBuilt', data: null });
    } finally {
      await unbuilt.close();
    }
  });
});

describe('websockets', () => {
  const listen = async (instance: FastifyInstance) => {
    await instance.listen({ port: 0, host: '127.0.0.1' });
    return `ws://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
  };
  const nextMessage = (socket: WebSocket) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(data.toString())));
      socket.once('error', reject);
    });

  test('/ws/health says hello, then answers ping with pong', async () => {
    const live = await testApp({}, { db });
    try {
      const socket = new WebSocket(`${await listen(live)}/ws/health`);
      const hello = await nextMessage(socket);
      assert.equal(hello.type, 'hello');
      assert.ok(Math.abs(Number(hello.serverTime) - Date.now()) < 5000);

      socket.send(JSON.stringify({ type: 'ping' }));
      assert.deepEqual(await nextMessage(socket), { type: 'pong' });
      socket.send('not json');
      assert.equal((await nextMessage(socket)).type, 'error');
      socket.close();
    } finally {
      await live.close();
    }
  });

  test('permessage-deflate is negotiated with clients that offer it, and plain sockets still work', async () => {
    const live = await testApp({}, { db });
    try {
      const url = `${await listen(live)}/ws/health`;
      const deflating = new WebSocket(url);
      const plain = new WebSocket(url, { perMessageDeflate: false });
      await Promise.all([nextMessage(deflating), nextMessage(plain)]);
      assert.equal(deflating.extensions, 'permessage-deflate');
      assert.equal(plain.extensions, '');
      deflating.send(JSON.stringify({ type: 'ping' }));
      plain.send(JSON.stringify({ type: 'ping' }));
      assert.deepEqual(await Promise.all([nextMessage(deflating), nextMessage(plain)]), [{ type: 'pong' }, { type: 'pong' }]);
      deflating.close();
      plain.close();
    } finally {
      await live.close();
    }
  });

  test('the heartbeat terminates a peer that stops answering pings and keeps one that answers', async () => {
    const live = await testApp({}, { db, wsHeartbeatMs: 100 });
    try {
      const url = `${await listen(live)}/ws/health`;
      const silent = new WebSocket(url, { autoPong: false });
      const healthy = new WebSocket(url);
      await Promise.all([nextMessage(silent), nextMessage(healthy)]);

      const closeCode = await new Promise<number>((resolve) => silent.once('close', resolve));
      assert.equal(closeCode, 1006);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(healthy.readyState, WebSocket.OPEN);
      healthy.close();
    } finally {
      await live.close();
    }
  });
});
