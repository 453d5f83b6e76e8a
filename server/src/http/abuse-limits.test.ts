import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { loadConfig } from '../config.js';
import { testApp } from '../testing/app.js';
import { testDb } from '../testing/test-db.js';
import { DEFAULT_ABUSE_LIMITS } from './abuse-limits.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let proxied: FastifyInstance;

const limits = {
  ...DEFAULT_ABUSE_LIMITS,
  perAddress: { login: 3, codes: 2, register: 2, recovery: 2 },
  global: { login: 8, codes: 100, register: 100, recovery: 100 },
};

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, abuseLimits: limits }, { db, jobs: false });
  proxied = await testApp({ loginSlowdownMs: 0, abuseLimits: limits, trustProxy: ['127.0.0.1'] }, { db, jobs: false });
});
after(async () => {
  await app.close();
  await proxied.close();
  await cleanup();
});

const post = (target: FastifyInstance, url: string, body: object, ip: string, headers: Record<string, string> = {}) =>
  target.inject({ method: 'POST', url: `/asset/api/${url}`, payload: body, remoteAddress: ip, headers });

test('login: a limit per address, whatever accounts it names, then a global one; refusals are 429 tooManyRequests', async () => {
  const from = (ip: string, i: number) => post(app, 'user/login', { email: `nobody${i}@example.com`, password: 'x' }, ip);
  for (let i = 0; i < 3; i += 1) assert.equal((await from('203.0.113.1', i)).json().reason, 'badCredentials');
  const refused = await from('203.0.113.1', 4);
  assert.equal(refused.statusCode, 429);
  assert.deepEqual([refused.json().reason, refused.json().msg], ['tooManyRequests', 'Too many requests, please try again later']);
  assert.ok(Number(refused.headers['retry-after']) > 0);
  // Another address still gets answers, until everyone together reaches the global ceiling (8).
  for (let i = 0; i < 3; i += 1) assert.equal((await from('203.0.113.2', i)).statusCode, 200);
  assert.equal((await from('203.0.113.3', 0)).statusCode, 200);
  assert.equal((await from('203.0.113.4', 0)).statusCode, 200);
  assert.equal((await from('203.0.113.5', 0)).statusCode, 429, 'the global ceiling');
});

test('codes, registration and recovery are limited per address too', async () => {
  const ip = '203.0.113.20';
  for (const [url, body] of [
    ['user/sendOtp', { email: 'a@example.com', type: 'register' }],
    ['user/register', { email: 'a@example.com', code: '0000', password: 'secret12', invitationCode: 'MERIDIAN' }],
    ['user/forgot-password', { email: 'a@example.com', code: '0000', password: 'secret12' }],
  ] as const) {
    for (let i = 0; i < 2; i += 1) assert.equal((await post(app, url, body, ip)).statusCode, 200, url);
    assert.equal((await post(app, url, body, ip)).json().reason, 'tooManyRequests', url);
  }
  // SendSmsOtp shares the code allowance of sendOtp.
  assert.equal((await post(app, 'user/SendSmsOtp', { phone: '612345678', countryCode: '33' }, ip)).statusCode, 429);
  // Other calls are not limited.
  assert.equal((await post(app, 'countryCode/countryCodeList', {}, ip)).statusCode, 200);
});

test('behind a trusted proxy the client is the address it forwards; otherwise X-Forwarded-For is ignored', async () => {
  const login = (target: FastifyInstance, forwarded: string) =>
    post(target, 'user/login', { email: 'proxied@example.com', password: 'x' }, '127.0.0.1', { 'x-forwarded-for': forwarded });
  for (let i = 0; i < 3; i += 1) assert.equal((await login(proxied, '198.51.100.7')).statusCode, 200);
  assert.equal((await login(proxied, '198.51.100.7')).statusCode, 429);
  assert.equal((await login(proxied, '198.51.100.8')).statusCode, 200, 'another client behind the same proxy');
  // From a peer that is not the trusted proxy, a client cannot pick a fresh address per request by forging the header.
  const forged = [];
  for (let i = 0; i < 4; i += 1) forged.push((await post(proxied, 'user/login', { email: 'x@example.com', password: 'x' }, '192.0.2.9', { 'x-forwarded-for': `10.0.0.${i}` })).statusCode);
  assert.deepEqual(forged, [200, 200, 200, 429]);
});

test('TRUST_PROXY and RATE_LIMITS settings', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({}).abuseLimits.enabled, true);
  assert.equal(loadConfig({ RATE_LIMITS: 'off' }).abuseLimits.enabled, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.deepEqual(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy, ['loopback', '10.0.0.0/8']);
});
