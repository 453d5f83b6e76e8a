import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';

let db: Db;
let cleanup: () => Promise<void>;
const apps: FastifyInstance[] = [];

before(async () => {
  ({ db, cleanup } = await testDb());
});
after(async () => {
  for (const app of apps) await app.close();
  await cleanup();
});

async function settings(env: Record<string, string>) {
  const app = await testApp(loadConfig({ LOG_LEVEL: 'silent', ...env }), { db });
  apps.push(app);
  const response = await app.inject({ method: 'GET', url: '/asset/api/site-setting/getSetting' });
  assert.equal(response.statusCode, 200);
  return response.json().data as Record<string, unknown>;
}

test('no customer service or company website configured: both empty', async () => {
  const data = await settings({});
  assert.equal(data.customerServiceUrl, '');
  assert.equal(data.companyWebsite, '');
  assert.equal(data.appVersion, '1.0.0');
});

test('the configured customer service, company website and release', async () => {
  const data = await settings({
    CUSTOMER_SERVICE_URL: ' https://support.example.com/chat ',
    COMPANY_WEBSITE: 'https://www.example.com',
    APP_VERSION: '1.3.0',
  });
  assert.equal(data.customerServiceUrl, 'https://support.example.com/chat');
  assert.equal(data.companyWebsite, 'https://www.example.com');
  assert.equal(data.appVersion, '1.3.0');
});
