import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clockFrom, loadConfig } from './config.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('defaults', () => {
  const config = loadConfig({}, '/srv/meridian');
  assert.equal(config.port, 8080);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.dataDir, '/srv/meridian/data');
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.production, false);
  assert.equal(config.publicDir, path.resolve(serverDir, '..', 'build', 'public'));
  assert.equal(config.mobileOnly, true);
  assert.deepEqual(config.mfOverrideOrigins, ['http://localhost:*', 'http://127.0.0.1:*']);
  assert.equal(config.testSlowRoute, false);
});

test('production: no override origins unless listed; MERIDIAN_ENV wins over NODE_ENV', () => {
  assert.deepEqual(loadConfig({ NODE_ENV: 'production' }).mfOverrideOrigins, []);
  assert.equal(loadConfig({ NODE_ENV: 'production', MERIDIAN_ENV: 'development' }).production, false);
  assert.equal(loadConfig({ NODE_ENV: 'development', MERIDIAN_ENV: 'production' }).production, true);
  assert.deepEqual(
    loadConfig({ MERIDIAN_ENV: 'production', MF_OVERRIDE_ORIGINS: ' https://preview.example.com ,https://*.staging.example.com' })
      .mfOverrideOrigins,
    ['https://preview.example.com', 'https://*.staging.example.com'],
  );
  assert.deepEqual(loadConfig({ MF_OVERRIDE_ORIGINS: '' }).mfOverrideOrigins, []);
});

test('values from the environment', () => {
  const config = loadConfig(
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'var/d', DATABASE_URL: 'postgres://x@h/db', PUBLIC_DIR: 'pub', LOG_LEVEL: 'warn' },
    '/srv',
  );
  assert.equal(config.port, 0);
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.dataDir, '/srv/var/d');
  assert.equal(config.databaseUrl, 'postgres://x@h/db');
  assert.equal(config.publicDir, '/srv/pub');
  assert.equal(config.logLevel, 'warn');
  for (const off of ['false', '0', 'FALSE']) assert.equal(loadConfig({ MOBILE_ONLY: off }).mobileOnly, false);
  assert.equal(loadConfig({ MOBILE_ONLY: 'true' }).mobileOnly, true);
});

test('refuses a bad PORT and the test-only route in production', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT must be an integer/);
  assert.throws(() => loadConfig({ MERIDIAN_ENV: 'production', MERIDIAN_TEST_SLOW_ROUTE: '1' }), /refused in production/);
});

test('MERIDIAN_TEST_CLOCK: an ISO instant with its zone, refused in production; the clock runs on from it', () => {
  assert.equal(loadConfig({}).testClockStart, undefined);
  assert.equal(loadConfig({ MERIDIAN_TEST_CLOCK: '2026-06-13T12:00:00Z' }).testClockStart, Date.parse('2026-06-13T12:00:00Z'));
  assert.equal(loadConfig({ MERIDIAN_TEST_CLOCK: '2026-06-13T08:00:00.5-04:00' }).testClockStart, Date.parse('2026-06-13T12:00:00.500Z'));
  assert.throws(() => loadConfig({ MERIDIAN_TEST_CLOCK: '2026-06-13 12:00' }), /ISO instant/);
  assert.throws(() => loadConfig({ MERIDIAN_TEST_CLOCK: 'saturday' }), /ISO instant/);
  assert.throws(() => loadConfig({ MERIDIAN_TEST_CLOCK: '2026-06-13T12:00:00Z', NODE_ENV: 'production' }), /refused in production/);
  let system = 1_000_000;
  const clock = clockFrom(Date.parse('2026-06-13T12:00:00Z'), () => system);
  assert.equal(clock().toISOString(), '2026-06-13T12:00:00.000Z');
  system += 1500;
  assert.equal(clock().toISOString(), '2026-06-13T12:00:01.500Z');
});
