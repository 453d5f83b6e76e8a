import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
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
    },
  ],
};

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Meridian</title>',
  'main.1a2b3c4d.js': 'console.log("shell")',
  'favicon.ico': 'icon',
  'mf-config.json': JSON.stringify(MF_CONFIG),
  'remotes/mf_trading/0.1.0/mf-manifest.json': '{"id":"mf_trading"}',
  'remotes/mf_trading/0.1.0/remoteEntry.js': 'var mf_trading;',
  'remotes/mf_trading/0.1.0/mf-stats.json': '{}',
  'remotes/mf_trading/0.1.0/__federation_expose_app.9f8e7d6c.js': 'export {}',
};

let db: Db;
let cleanup: () => Promise<void>;
let publicDir: string;
let emptyDir: string;
let app: FastifyInstance;

before(async () => {
  ({ db, cleanup } = await testDb());
  publicDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-public-'));
  emptyDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-empty-'));
  for (const [name, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(publicDir, name)), { recursive: true });
    await writeFile(path.join(publicDir, name), content);
  }
  app = await testApp({ publicDir, mobileOnly: true, mfOverrideOrigins: ['http://localhost:*'] }, { db });
});
after(async () => {
  await app.close();
  await cleanup();
  await rm(publicDir, { recursive: true, force: true });
  await rm(emptyDir, { recursive: true, force: true });
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
  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => app.inject({ method, url });

  test('the shell and its app routes get index.html, revalidated on every load', async () => {
    for (const url of ['/', '/index.html', '/splash', '/pages/foo/bar', '/pages/quote/index?symbol=BTCUSDT']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, FILES['index.html'], url);
      assert.match(String(response.headers['content-type']), /^text\/html/, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
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

  test('app routes answer 503 when the shell is not built', async () => {
    const unbuilt = await testApp({ publicDir: emptyDir }, { db });
    try {
      const response = await unbuilt.inject({ method: 'GET', url: '/pages/quote' });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { code: 503, msg: 'The web app is not built', data: null });
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
