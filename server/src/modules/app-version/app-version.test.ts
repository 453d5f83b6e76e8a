import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import { testApp, testConfig } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { versionFor } from './service.js';
import { compareVersions } from './version.js';

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

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await testApp(loadConfig({ LOG_LEVEL: 'silent', ...env }), { db });
  apps.push(app);
  return app;
}

const getVersion = async (app: FastifyInstance, query: string) => app.inject({ method: 'GET', url: `/asset/api/app-version/get-version${query}` });

describe('compareVersions', () => {
  test('compares each part numerically, not as text', () => {
    assert.equal(compareVersions('1.10.0', '1.9.0'), 1);
    assert.equal(compareVersions('1.9.0', '1.10.0'), -1);
    assert.equal(compareVersions('2.0.0', '10.0.0'), -1);
    assert.equal(compareVersions('1.0.10', '1.0.9'), 1);
    assert.equal(compareVersions('1.2.3', '1.2.3'), 0);
    assert.equal(compareVersions('0.9.9', '1.0.0'), -1);
  });
  test('refuses what is not major.minor.patch', () => {
    assert.throws(() => compareVersions('1.0', '1.0.0'), /not a major.minor.patch version: "1.0"/);
  });
});

describe('versionFor', () => {
  const release = { appVersion: '1.10.0', appMinVersion: '1.2.0', appUpdateDescription: 'd', appUpdateUrlHot: '', appUpdateUrlFull: '' };
  test('below the minimum must update; below the current release may; otherwise nothing', () => {
    assert.equal(versionFor(release, 'web', '1.1.9').newUpdate, 'must_update');
    assert.equal(versionFor(release, 'web', '1.2.0').newUpdate, 'choose_update');
    assert.equal(versionFor(release, 'web', '1.9.0').newUpdate, 'choose_update');
    assert.equal(versionFor(release, 'web', '1.10.0').newUpdate, null);
    assert.equal(versionFor(release, 'web', '1.10.1').newUpdate, null);
    assert.equal(versionFor(release, 'web', '2.0.0').newUpdate, null);
  });
});

describe('GET /asset/api/app-version/get-version', () => {
  test('defaults: release 1.0.0, a 1.0.0 client has nothing to do', async () => {
    const app = await appWith({});
    const response = await getVersion(app, '?platform=web&versionNo=1.0.0');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      code: 0,
      msg: 'ok',
      data: { version: { versionNo: '1.0.0', description: '', linkUpdateHot: '', linkUpdateFull: '' }, newUpdate: null },
    });
  });

  test('answers the configured release and the update tag for the client version', async () => {
    const app = await appWith({
      APP_VERSION: '1.10.0',
      APP_MIN_VERSION: '1.9.0',
      APP_UPDATE_DESCRIPTION: 'Faster charts',
      APP_UPDATE_URL_HOT: 'https://downloads.example.com/hot/1.10.0.wgt',
      APP_UPDATE_URL_FULL: '/downloads/meridian-1.10.0.apk',
    });
    const data = async (query: string) => (await getVersion(app, query)).json().data;
    assert.deepEqual((await data('?platform=android&versionNo=1.8.12')).version, {
      versionNo: '1.10.0',
      description: 'Faster charts',
      linkUpdateHot: 'https://downloads.example.com/hot/1.10.0.wgt',
      linkUpdateFull: '/downloads/meridian-1.10.0.apk',
    });
    assert.equal((await data('?platform=android&versionNo=1.8.12')).newUpdate, 'must_update');
    assert.equal((await data('?platform=ios&versionNo=1.9.0')).newUpdate, 'choose_update');
    assert.equal((await data('?platform=web&versionNo=1.9.9')).newUpdate, 'choose_update');
    assert.equal((await data('?platform=web&versionNo=1.10.0')).newUpdate, null);
    assert.equal((await data('?platform=web&versionNo=1.11.0')).newUpdate, null);
  });

  test('without a minimum, anything older than the release must update', async () => {
    const app = await appWith({ APP_VERSION: '2.0.0' });
    assert.equal((await getVersion(app, '?platform=web&versionNo=1.99.99')).json().data.newUpdate, 'must_update');
    assert.equal((await getVersion(app, '?platform=web&versionNo=2.0.0')).json().data.newUpdate, null);
  });

  test('bad queries answer 400 with a message naming the field', async () => {
    const app = await appWith({});
    // refusals name the field in the reason's parameters and in msg (the catalogue's "… is required" / "Invalid value for …")
    const required = (field: string) => ({ code: 400, msg: `${field} is required`, reason: 'fieldRequired', params: { field }, data: null });
    const invalid = (field: string) => ({ code: 400, msg: `Invalid value for ${field}`, reason: 'invalidField', params: { field }, data: null });
    const cases: [string, object][] = [
      ['?versionNo=1.0.0', required('platform')],
      ['?platform=web', required('versionNo')],
      ['?platform=windows&versionNo=1.0.0', invalid('platform')],
      ['?platform=web&versionNo=1.0', invalid('versionNo')],
      ['?platform=web&versionNo=01.0.0', invalid('versionNo')],
    ];
    for (const [query, body] of cases) {
      const response = await getVersion(app, query);
      assert.equal(response.statusCode, 400, query);
      assert.deepEqual(response.json(), body, query);
    }
  });
});

describe('GET /asset/api/app-version/app-qr', () => {
  test('none configured by default', async () => {
    const app = await appWith({});
    const response = await app.inject({ method: 'GET', url: '/asset/api/app-version/app-qr' });
    assert.deepEqual(response.json(), { code: 0, msg: 'ok', data: [] });
  });

  test('the configured entries, in order', async () => {
    const links = [
      { platform: 'android', url: 'https://downloads.example.com/meridian.apk' },
      { platform: 'ios', url: 'https://apps.example.com/meridian' },
    ];
    const app = await appWith({ APP_QR_LINKS: JSON.stringify(links) });
    const response = await app.inject({ method: 'GET', url: '/asset/api/app-version/app-qr' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { code: 0, msg: 'ok', data: links });
  });
});

describe('configuration', () => {
  test('defaults', () => {
    const config = testConfig();
    assert.equal(config.appVersion, '1.0.0');
    assert.equal(config.appMinVersion, '1.0.0');
    assert.equal(config.appUpdateDescription, '');
    assert.equal(config.appUpdateUrlHot, '');
    assert.equal(config.appUpdateUrlFull, '');
    assert.deepEqual(config.appQrLinks, []);
    assert.equal(config.customerServiceUrl, '');
    assert.equal(config.companyWebsite, '');
  });

  test('APP_MIN_VERSION follows APP_VERSION unless set', () => {
    assert.equal(loadConfig({ APP_VERSION: '1.4.2' }).appMinVersion, '1.4.2');
    assert.equal(loadConfig({ APP_VERSION: '1.4.2', APP_MIN_VERSION: '1.0.0' }).appMinVersion, '1.0.0');
  });

  test('refuses malformed settings at start', () => {
    assert.throws(() => loadConfig({ APP_VERSION: 'v1' }), /APP_VERSION must be major.minor.patch, got "v1"/);
    assert.throws(() => loadConfig({ APP_MIN_VERSION: '1.x.0' }), /APP_MIN_VERSION must be major.minor.patch/);
    assert.throws(() => loadConfig({ APP_VERSION: '1.0.0', APP_MIN_VERSION: '1.1.0' }), /APP_MIN_VERSION \(1.1.0\) is above APP_VERSION \(1.0.0\)/);
    assert.throws(() => loadConfig({ APP_QR_LINKS: '{' }), /APP_QR_LINKS must be a JSON array/);
    assert.throws(() => loadConfig({ APP_QR_LINKS: '{"platform":"ios"}' }), /APP_QR_LINKS must be a JSON array/);
    assert.throws(() => loadConfig({ APP_QR_LINKS: '[{"platform":"ios"}]' }), /APP_QR_LINKS\[0\] must be/);
    assert.throws(() => loadConfig({ APP_QR_LINKS: '[{"platform":"ios","url":"javascript:alert(1)"}]' }), /APP_QR_LINKS\[0\].url must be an http/);
    assert.throws(() => loadConfig({ CUSTOMER_SERVICE_URL: 'javascript:alert(1)' }), /CUSTOMER_SERVICE_URL must be an http/);
    assert.throws(() => loadConfig({ COMPANY_WEBSITE: '//evil.example' }), /COMPANY_WEBSITE must be an http/);
  });
});
