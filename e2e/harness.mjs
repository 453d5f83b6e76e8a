// End-to-end harness: the built platform (node server/dist/main.js serving build/public) on a free port with a
// throwaway DATA_DIR, the broken-remote fixture on a second port, and one Chromium (Debian's, driven by
// playwright-core) per test file. Tests use it as:
//
//   const h = useHarness({ env: { MOBILE_ONLY: 'false' } });   // registers before/after hooks
//   test('…', () => h.withPage({ viewport: 'phone' }, async (page) => { await page.goto('/'); … }));
//
// Prerequisites (npm test does both): `node scripts/platform.mjs build --with-fixture` and a Chromium at
// $CHROMIUM_PATH or /usr/bin/chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(E2E_DIR, '..');
export const ARTIFACTS = path.join(E2E_DIR, 'artifacts');
export const PUBLIC_DIR = path.join(ROOT, 'build/public');
export const BROKEN_REMOTE_DIST = path.join(E2E_DIR, 'fixtures/broken-remote/dist');

/** The five remotes, the index route each owns, and the tab that reaches it (if any). */
export const REMOTE_PAGES = [
  { name: 'mf_accounts', path: '/pages/profile/index', tab: 'tab-profile' },
  { name: 'mf_trading', path: '/pages/quote/index', tab: 'tab-market' },
  { name: 'mf_stocks', path: '/pages/stock/index' },
  { name: 'mf_invest', path: '/pages/smart-pool/index' },
  { name: 'mf_c2c', path: '/pages/c2c/index' },
];
export const TABS = ['tab-home', 'tab-market', 'tab-trade', 'tab-wallet', 'tab-profile'];
export const APP_NAMES = ['shell', ...REMOTE_PAGES.map((r) => r.name)];

/** Viewports of DESIGN.md §7: phone 375×812 (touch, mobile), desktop 1280×800. */
export const VIEWPORTS = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
};

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Default wait for a remote to load and mount (first loads fetch several chunks). */
export const MOUNT_TIMEOUT = 30_000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, output, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before /health answered:\n${output.join('')}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms:\n${output.join('')}`);
}

const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A tiny static server with CORS, like a preview deployment of one remote on another origin. */
export async function serveStatic(dir) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.resolve(root, `.${urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath}`);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP proxy in front of the server that can cut every connection through it at once, as a network drop or
 * a server-side close would: the page's sockets see a real close and must reconnect on their own.
 * @param {number} targetPort
 */
export async function startCuttableProxy(targetPort) {
  const sockets = new Set();
  let refusing = false;
  const server = net.createServer((client) => {
    // a network that is down: the connection is dropped as soon as it arrives
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    /** While on, new connections are dropped at once (a network that stays down); off lets them through again. */
    refuse(on) {
      refusing = on;
    },
    /** Destroys every open connection; new ones are accepted as before. Returns how many were cut. */
    cutAll() {
      const count = sockets.size;
      for (const socket of sockets) socket.destroy();
      return count;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts the built server with a fresh DATA_DIR and the broken-remote fixture server.
 * @param {{ env?: Record<string, string>, label?: string }} [options]
 */
export async function startPlatform({ env = {}, label = 'e2e' } = {}) {
  const mainJs = path.join(ROOT, 'server/dist/main.js');
  if (!fs.existsSync(mainJs)) throw new Error('server/dist/main.js is missing: run `node scripts/platform.mjs build --with-fixture` first');
  if (!fs.existsSync(path.join(PUBLIC_DIR, 'mf-config.json'))) throw new Error('build/public is not assembled: run `node scripts/platform.mjs build --with-fixture` first');

  const brokenRemote = await serveStatic(BROKEN_REMOTE_DIST);
  const closedOrigin = `http://127.0.0.1:${await freePort()}`; // nothing listens there: a remote that is down
  const port = await freePort();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'));
  // A test may keep its own data folder (env.DATA_DIR); it then removes it itself.
  const dataDir = env.DATA_DIR ?? tempDir;
  const childEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_DIR,
    MF_OVERRIDE_ORIGINS: [brokenRemote.origin, closedOrigin].join(','),
    ...env,
  };
  delete childEnv.DATABASE_URL; // the embedded default
  delete childEnv.TEST_DATABASE_URL;
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];

  fs.mkdirSync(path.join(ARTIFACTS, 'logs'), { recursive: true });
  const logFile = path.join(ARTIFACTS, 'logs', `${label}-server.log`);
  const logStream = fs.createWriteStream(logFile);
  const output = [];
  const child = spawn(process.execPath, [mainJs], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (d) => {
      logStream.write(d);
      output.push(d.toString());
      if (output.length > 200) output.shift();
    });
  }
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    logStream.end();
    await brokenRemote.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(`${baseUrl}/health`, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    baseUrl,
    brokenOrigin: brokenRemote.origin,
    brokenRemoteBuilt: fs.existsSync(path.join(BROKEN_REMOTE_DIST, 'mf-manifest.json')),
    closedOrigin,
    dataDir,
    logFile,
    serverOutput: () => output.join(''),
    stop,
  };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** Saves a screenshot to e2e/artifacts/screenshots/<name>.png. */
export async function screenshot(page, name) {
  const dir = path.join(ARTIFACTS, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

const slug = (s) => s.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 80) || 'page';

/** The last lines of the server's log that report an error or a warning (pino's levels 40+, or a stack). */
export function serverProblems(output, max = 12) {
  return output
    .split('\n')
    .filter((line) => /"level":(4|5|6)\d|\b(Error|error|ERR_)\b/.test(line))
    .slice(-max)
    .map((line) => (line.length > 600 ? `${line.slice(0, 600)}…` : line));
}

/**
 * Starts the platform and one browser for the current test file (before) and stops them (after).
 * Returns an object filled in by the before hook: baseUrl, brokenOrigin, closedOrigin, withPage(), platform.
 * @param {{ env?: Record<string, string | undefined> }} [options]
 */
export function useHarness({ env = {} } = {}) {
  const label = path.basename(process.argv[1] ?? 'e2e').replace(/\.test\.[cm]?js$/, '');
  const h = {
    /** @type {Awaited<ReturnType<typeof startPlatform>> | null} */
    platform: null,
    /** @type {import('playwright-core').Browser | null} */
    browser: null,
    baseUrl: '',
    brokenOrigin: '',
    closedOrigin: '',
    /**
     * Runs fn with a fresh page (its own context: fresh storage) at the given size; baseURL is the server, so
     * page.goto('/pages/quote/index') works. On failure it saves e2e/artifacts/failures/<name>.png and adds the
     * page's errors to the thrown error.
     * @template T
     * @param {{ viewport?: 'phone' | 'desktop', name?: string }} options
     * @param {(page: import('playwright-core').Page) => Promise<T>} fn
     * @returns {Promise<T>}
     */
    async withPage(options, fn) {
      const { viewport = 'phone', name } = options ?? {};
      if (!h.browser) throw new Error('useHarness: the before hook has not run');
      const context = await h.browser.newContext({ ...VIEWPORTS[viewport], baseURL: h.baseUrl });
      context.setDefaultTimeout(MOUNT_TIMEOUT);
      const page = await context.newPage();
      const problems = [];
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => msg.type() === 'error' && problems.push(`console.error: ${msg.text()}`));
      try {
        return await fn(page);
      } catch (err) {
        const file = path.join(ARTIFACTS, 'failures', `${label}-${slug(name ?? viewport)}-${Date.now()}.png`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        await page.screenshot({ path: file }).catch(() => {});
        if (err instanceof Error) {
          err.message += `\n  at ${page.url()} (${viewport}); screenshot ${path.relative(ROOT, file)}`;
          if (problems.length) err.message += `\n  page errors:\n    ${problems.slice(-10).join('\n    ')}`;
          // CI keeps only the test output: the server's own recent errors travel with the failure
          const serverErrors = serverProblems(h.platform?.serverOutput() ?? '');
          if (serverErrors.length) err.message += `\n  server errors (latest):\n    ${serverErrors.join('\n    ')}`;
        }
        throw err;
      } finally {
        await context.close();
      }
    },
  };
  before(async () => {
    h.platform = await startPlatform({ env, label });
    h.baseUrl = h.platform.baseUrl;
    h.brokenOrigin = h.platform.brokenOrigin;
    h.closedOrigin = h.platform.closedOrigin;
    h.browser = await launchBrowser();
  });
  after(async () => {
    await h.browser?.close();
    await h.platform?.stop();
  });
  return h;
}

// ---------------------------------------------------------------- page helpers (the DOM contract)

/** Waits until selector is visible. */
export async function visible(page, selector, timeout = MOUNT_TIMEOUT) {
  await page.locator(selector).first().waitFor({ state: 'visible', timeout });
}

/** Waits for a remote's page: its mount container with an h1#page-title inside. Returns the title text. */
export async function remotePage(page, name, timeout = MOUNT_TIMEOUT) {
  const title = page.locator(`[data-testid="app-${name}"] h1#page-title`).first();
  await title.waitFor({ state: 'visible', timeout });
  return (await title.textContent())?.trim() ?? '';
}

/** The paths of a remote's deployed files the page fetches from now on (to tell which deployed build ran). */
export function remoteRequests(page, name) {
  const urls = [];
  page.on('request', (request) => {
    if (request.url().includes(`/remotes/${name}/`)) urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/** Client-side navigation: what a single-spa navigateToUrl does, without reloading the page. */
export async function navigateInPage(page, url) {
  await page.evaluate((u) => {
    history.pushState(null, '', u);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Reads /mf-config.json from the server. */
export async function mfConfig(baseUrl) {
  const res = await fetch(`${baseUrl}/mf-config.json`);
  if (!res.ok) throw new Error(`/mf-config.json answered ${res.status}`);
  return res.json();
}

/**
 * Runs an operator command (`pnpm ops …`, the built server/dist/ops/cli.js) against a running platform, as an
 * operator on the same machine would: it reaches the server through the operator socket in its DATA_DIR.
 * @param {{ dataDir: string }} platform
 * @param {string[]} argv
 * @param {string} [stdin]
 * @returns {Promise<{ code: number | null, out: string, err: string }>}
 */
export async function runOps(platform, argv, stdin = '') {
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/ops/cli.js'), ...argv], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: platform.dataDir, MERIDIAN_OPERATOR: 'e2e-operator' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d.toString()));
  child.stderr.on('data', (d) => (err += d.toString()));
  child.stdin.end(stdin);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  return { code, out, err };
}

/**
 * A real PNG (a colour gradient, its blue channel `tint`) made here, so the browser has a genuine image to decode
 * and compress, and the server a genuine image to check.
 * @param {number} width
 * @param {number} height
 * @param {number} [tint]
 */
export function gradientPng(width, height, tint = 160) {
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set([(x * 255) / width, (y * 255) / height, tint], 1 + x * 3);
    rows.push(row);
  }
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
