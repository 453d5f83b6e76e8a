import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/db.js';
import { DEFAULT_ABUSE_LIMITS } from '../../../http/abuse-limits.js';
import { testApp } from '../../../testing/app.js';
import { testDb } from '../../../testing/test-db.js';
import { registerUser, type Envelope } from '../test-support.js';
import { DEVICE_COOKIE } from './trusted-clients.js';

// Anyone who knows an e-mail could lock its logins for 15 minutes, and a flood of junk logins from a few dozen
// addresses filled the global ceiling for everyone. Now a client the account knows — its device cookie, or an
// address it logged in from — counts its failures apart and passes the global ceiling.

let db: Db;
let cleanup: () => Promise<void>;
/** Request limits off: the lock rules alone. */
let app: FastifyInstance;
/** Request limits on, tiny: 3 logins a minute per address, 8 for everyone. */
let limited: FastifyInstance;

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db, jobs: false });
  limited = await testApp(
    { loginSlowdownMs: 0, abuseLimits: { ...DEFAULT_ABUSE_LIMITS, perAddress: { ...DEFAULT_ABUSE_LIMITS.perAddress, login: 3 }, global: { ...DEFAULT_ABUSE_LIMITS.global, login: 8 } } },
    { db, jobs: false },
  );
});
after(async () => {
  await app.close();
  await limited.close();
  await cleanup();
});

async function login(target: FastifyInstance, email: string, password: string, ip: string, cookie?: string) {
  const response = await target.inject({
    method: 'POST',
    url: '/asset/api/user/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
  const setCookie = response.headers['set-cookie'];
  const device = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0];
  return { status: response.statusCode, body: response.json() as Envelope, device, setCookie: Array.isArray(setCookie) ? setCookie[0] : setCookie };
}

test('a successful login gives a signed HttpOnly device cookie, sent to the login call only', async () => {
  const { email } = await registerUser(app, db, { password: 'goodpass' });
  const ok = await login(app, email, 'goodpass', '203.0.113.10');
  assert.equal(ok.body.code, 0);
  assert.match(ok.setCookie ?? '', new RegExp(`^${DEVICE_COOKIE}=[0-9]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+; Path=/asset/api/user/login; Max-Age=\\d+; HttpOnly; SameSite=Strict$`));
  assert.equal((await login(app, email, 'badpass', '203.0.113.10')).setCookie, undefined, 'none for a failure');
});

test('ten wrong passwords from elsewhere lock strangers out, not the owner’s known device or address', async () => {
  const { email } = await registerUser(app, db, { password: 'goodpass' });
  const home = '203.0.113.20';
  const owner = await login(app, email, 'goodpass', home);
  assert.equal(owner.body.code, 0);
  // someone who only knows the e-mail, from one address, under the per-address cap
  for (let i = 0; i < 10; i += 1) await login(app, email, `guess-${i}`, '192.0.2.66');
  assert.equal((await login(app, email, 'goodpass', '192.0.2.67')).body.reason, 'loginLocked', 'an unknown client is locked out');
  // the owner's phone, on another network, with its device cookie
  const phone = await login(app, email, 'goodpass', '198.51.100.99', owner.device);
  assert.equal(phone.body.code, 0, phone.body.msg);
  // the owner's home address, cookie cleared
  assert.equal((await login(app, email, 'goodpass', home)).body.code, 0);
  // a forged cookie vouches for nothing
  const forged = owner.device!.replace(/\.[A-Za-z0-9_-]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  assert.equal((await login(app, email, 'goodpass', '198.51.100.98', forged)).body.reason, 'loginLocked');
});

test('a known device counts its own failures: its wrong passwords lock it, not the account', async () => {
  const { email } = await registerUser(app, db, { password: 'goodpass' });
  const owner = await login(app, email, 'goodpass', '203.0.113.30');
  for (let i = 0; i < 10; i += 1) await login(app, email, `typo-${i}`, '198.51.100.30', owner.device);
  assert.equal((await login(app, email, 'goodpass', '198.51.100.30', owner.device)).body.reason, 'loginLocked');
  assert.equal((await login(app, email, 'goodpass', '192.0.2.31')).body.code, 0, 'the account’s other clients are not locked');
  const { rows } = await db.query<{ n: string }>("SELECT count(*)::text AS n FROM login_trust t JOIN users u ON u.id = t.user_id WHERE u.email = $1 AND t.locked_at IS NOT NULL", [email]);
  assert.equal(rows[0]!.n, '1', 'the lock is in the database, where every process sees it');
});

test('a flood that fills the global login ceiling does not keep a known client out; strangers still wait', async () => {
  const { email } = await registerUser(app, db, { password: 'goodpass' });
  const home = '203.0.113.40';
  const owner = await login(limited, email, 'goodpass', home);
  assert.equal(owner.body.code, 0);
  // junk from three addresses, each under its own cap, fills the ceiling (8 a minute)
  for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) for (let i = 0; i < 3; i += 1) await login(limited, `junk${i}@example.com`, 'x', ip);
  assert.equal((await login(limited, email, 'goodpass', '192.0.2.50')).status, 429, 'an unknown client waits');
  const phone = await login(limited, email, 'goodpass', '198.51.100.40', owner.device);
  assert.deepEqual([phone.status, phone.body.code], [200, 0], 'the device cookie passes the ceiling');
  const again = await login(limited, email, 'goodpass', home);
  assert.deepEqual([again.status, again.body.code], [200, 0], 'an address the account logged in from passes it');
  // a cookie for another account does not vouch for this one
  const { email: other } = await registerUser(app, db, { password: 'goodpass' });
  assert.equal((await login(limited, other, 'goodpass', '198.51.100.41', owner.device)).status, 429);
  // the per-address limit still holds for a known client
  for (let i = 0; i < 2; i += 1) await login(limited, email, 'goodpass', home);
  assert.equal((await login(limited, email, 'goodpass', home, owner.device)).status, 429);
});
