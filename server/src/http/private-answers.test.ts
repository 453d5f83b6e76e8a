import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { registerUser } from '../modules/identity/test-support.js';
import { testApp } from '../testing/app.js';
import { testDb } from '../testing/test-db.js';

// Answers about a user (an authenticated call, its refusal, a login's token, anything by the caller's address) are
// `Cache-Control: no-store`: no browser or shared cache keeps them. Public market data keeps its caching.

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let user: { token: string; email: string };

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db });
  user = await registerUser(app, db);
});
after(async () => {
  await app.close();
  await cleanup();
});

const cacheControl = async (method: 'GET' | 'POST', url: string, options: { token?: string; body?: object } = {}) =>
  (await app.inject({ method, url, headers: options.token ? { token: options.token } : {}, ...(options.body ? { payload: options.body } : {}) })).headers['cache-control'];

test('private answers are no-store: authenticated calls (answered or refused), logins, tokens, per-address answers', async () => {
  const login = await app.inject({ method: 'POST', url: '/asset/api/user/login', payload: { email: user.email, password: 'secret12' } });
  assert.equal(login.json().code, 0);
  assert.equal(login.headers['cache-control'], 'no-store', 'a login answers a token');
  assert.equal(await cacheControl('POST', '/asset/api/user/info', { token: user.token }), 'no-store');
  assert.equal(await cacheControl('POST', '/asset/api/account/list', { token: user.token }), 'no-store');
  assert.equal(await cacheControl('GET', '/asset/api/user/sessions', { token: user.token }), 'no-store');
  assert.equal(await cacheControl('GET', '/asset/api/currencyAddress/currencyList', { token: user.token }), 'no-store');
  assert.equal(await cacheControl('GET', '/asset/api/user/sessions', { token: 'dead' }), 'no-store', 'the 301 refusal too');
  assert.equal(await cacheControl('GET', '/asset/api/user/sessions'), 'no-store', 'and without a token');
  assert.equal(await cacheControl('POST', '/asset/api/user/login', { body: { email: 'nobody@example.com', password: 'x' } }), 'no-store');
  assert.equal(await cacheControl('GET', '/asset/api/user/country'), 'no-store', 'answered by the caller’s address');
});

test('public market data keeps its caching, with or without a token', async () => {
  for (const token of [undefined, user.token]) {
    for (const url of ['/api/market/getTickerList', '/api/market/klines?symbol=BTCUSDT&interval=1m&limit=5']) {
      const response = await app.inject({ method: 'GET', url, headers: token ? { token } : {} });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], undefined, url);
    }
  }
});
