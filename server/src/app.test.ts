import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Db } from './db/db.js';
import { refuse } from './http/refuse.js';
import { testConfig } from './testing/app.js';
import { testDb } from './testing/test-db.js';

let app: FastifyInstance;
let db: Db;
let cleanup: () => Promise<void>;

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await buildApp(testConfig({ mobileOnly: false }), { db });
  // Test-only routes: the error paths every domain route goes through.
  app.post(
    '/__test/validated',
    { schema: { body: { type: 'object', properties: { amount: { type: 'string' } }, required: ['amount'] } } },
    async () => ({ code: 0, msg: 'ok', data: null }),
  );
  app.get('/__test/business-error', async () => {
    throw refuse('insufficientBalance', {}, 1001);
  });
  app.get('/__test/forbidden', async () => {
    throw refuse('loginFirst', {}, 403);
  });
  app.get('/__test/crash', async () => {
    throw new Error('secret detail at /srv/meridian/src/x.ts:1');
  });
  await app.ready();
});
after(async () => {
  await app.close();
  await cleanup();
});

test('getSetting answers the real settings in the envelope', async () => {
  const response = await app.inject({ method: 'GET', url: '/asset/api/site-setting/getSetting' });
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), {
    code: 0,
    msg: 'ok',
    data: {
      mobileOnly: false,
      appVersion: '1.0.0',
      languages: ['en', 'hk', 'zh', 'kr', 'jp', 'ge', 'fr', 'it', 'ru'],
      defaultLanguage: 'en',
      customerServiceUrl: '',
      companyWebsite: '',
      stockRates: { USD: null, JPY: null },
    },
  });
});

test('a schema violation answers 400 with a message naming the field', async () => {
  const wrongType = await app.inject({ method: 'POST', url: '/__test/validated', payload: { amount: { value: 1 } } });
  assert.equal(wrongType.statusCode, 400);
  assert.deepEqual(wrongType.json(), { code: 400, msg: 'Invalid value for amount', reason: 'invalidField', params: { field: 'amount' }, data: null });

  const missing = await app.inject({ method: 'POST', url: '/__test/validated', payload: {} });
  assert.deepEqual(missing.json(), { code: 400, msg: 'amount is required', reason: 'fieldRequired', params: { field: 'amount' }, data: null });

  const query = await app.inject({ method: 'GET', url: '/dev/outbox?limit=many' });
  assert.deepEqual(query.json(), { code: 400, msg: 'Invalid value for limit', reason: 'invalidField', params: { field: 'limit' }, data: null });
});

test('malformed JSON is a 400 envelope', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/__test/validated',
    headers: { 'content-type': 'application/json' },
    payload: '{"amount":',
  });
  assert.equal(response.statusCode, 400);
  assert.equal(response.json().code, 400);
  assert.equal(response.json().data, null);
});

test('a refusal: business codes answer HTTP 200, HTTP-range codes their own status', async () => {
  const business = await app.inject({ method: 'GET', url: '/__test/business-error' });
  assert.equal(business.statusCode, 200);
  assert.deepEqual(business.json(), { code: 1001, msg: 'Insufficient balance', reason: 'insufficientBalance', data: null });

  const forbidden = await app.inject({ method: 'GET', url: '/__test/forbidden' });
  assert.equal(forbidden.statusCode, 403);
  assert.deepEqual(forbidden.json(), { code: 403, msg: 'Please log in first', reason: 'loginFirst', data: null });
});

test('an unexpected error answers 500 "Internal error" without any detail', async () => {
  const response = await app.inject({ method: 'GET', url: '/__test/crash' });
  assert.equal(response.statusCode, 500);
  assert.deepEqual(response.json(), { code: 500, msg: 'Internal error, please try again', reason: 'internal', data: null });
  assert.doesNotMatch(response.body, /secret|\.ts|at /);
});

test('unknown API routes answer the 404 envelope under every prefix and method', async () => {
  for (const [method, url] of [
    ['GET', '/asset/api/nothing/here'],
    ['POST', '/asset/api/user/none'],
    ['GET', '/api/market/getNothing?x=1'],
    ['POST', '/transaction/api/contract/nothing'],
  ] as const) {
    const response = await app.inject({ method, url });
    assert.equal(response.statusCode, 404, url);
    assert.deepEqual(response.json(), { code: 404, msg: `Not found: ${method} ${url.split('?')[0]}`, reason: 'notFound', data: null });
  }
});

test('GET /health reports the store and uptime as plain JSON', async () => {
  const response = await app.inject({ method: 'GET', url: '/health' });
  assert.equal(response.statusCode, 200);
  const body = response.json();
  assert.deepEqual(Object.keys(body).sort(), ['db', 'status', 'uptime']);
  assert.equal(body.status, 'ok');
  assert.equal(body.db, db.kind);
  assert.equal(typeof body.uptime, 'number');
});

test('GET /health answers 503 when the database query fails', async () => {
  const down: Db = { ...db, query: () => Promise.reject(new Error('connection refused')) };
  const broken = await buildApp(testConfig(), { db: down });
  try {
    const response = await broken.inject({ method: 'GET', url: '/health' });
    assert.equal(response.statusCode, 503);
    assert.equal(response.json().status, 'error');
    assert.equal(response.json().db, db.kind);
  } finally {
    await broken.close();
  }
});
