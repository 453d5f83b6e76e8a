import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.js';
import { testApp, testConfig } from '../../../testing/app.js';
import { createOutbox } from '../../outbox/service.js';
import { testDb } from '../../../testing/test-db.js';
import { createAuth, requireKyc, requireKycForLoan } from '../auth.js';
import { call, lastCode, manualClock, nextIp, registerUser } from '../test-support.js';
import { createUsers } from './service.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, customerServiceUrl: 'https://support.example.com' }, { db, clock: time.clock });
});
after(async () => {
  await app.close();
  await cleanup();
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  call(app, 'POST', 'user/login', { body: { email, password }, headers });

test('the country list is real; location by IP from the embedded database, France (33) the fallback', async () => {
  const list = await call(app, 'POST', 'countryCode/countryCodeList', { body: {} });
  assert.ok(list.data.length > 150);
  assert.deepEqual(list.data.find((c: { iso2: string }) => c.iso2 === 'DE'), { id: 61, name: 'Germany', iso2: 'DE', code: '49' });
  const search = await call(app, 'POST', 'countryCode/countryCodeList', { body: { keyword: 'fran' } });
  assert.deepEqual(search.data.map((c: { name: string }) => c.name), ['France']);
  for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.10', '90.84.0.1', '2a01:e0a::1']) {
    const located = await call(app, 'GET', 'user/country', { ip });
    assert.deepEqual(located.data, { id: 57, name: 'France', iso2: 'FR', code: '33' }, ip);
  }
  const located = async (ip: string) => ((await call(app, 'GET', 'user/country', { ip })).data as { iso2: string; code: string });
  assert.deepEqual([await located('8.8.8.8'), await located('::ffff:8.8.8.8')].map((c) => [c.iso2, c.code]), [['US', '1'], ['US', '1']]);
  assert.equal((await located('133.242.0.1')).iso2, 'JP');
  assert.equal((await located('81.2.69.160')).iso2, 'GB');
});

test('register by e-mail: a session, the user info, an invitation code of their own', async () => {
  const user = await registerUser(app, db, { email: 'Ann@Example.com' });
  const info = await call(app, 'POST', 'user/info', { token: user.token });
  assert.equal(info.code, 0);
  assert.equal(info.data.uid, user.uid);
  assert.equal(info.data.email, 'ann@example.com');
  assert.equal(info.data.nickname, 'ann');
  assert.equal(info.data.kycStatus, 'unverified');
  assert.equal(info.data.customerServiceUrl, 'https://support.example.com');
  assert.deepEqual(info.data.country, { id: 57, name: 'France', iso2: 'FR', code: '33' });
  assert.match(info.data.invitationCode, /^[A-Z2-9]{8}$/);
  assert.equal(info.data.hasFundPassword, false);
  assert.equal(user.token.length, 43); // 32 bytes, base64url
  const { rows } = await db.query<{ tokenHash: string }>('SELECT token_hash AS "tokenHash" FROM sessions WHERE user_id = $1', [user.uid]);
  assert.equal(rows.length, 1);
  assert.notEqual(rows[0]!.tokenHash, user.token);
  assert.match(rows[0]!.tokenHash, /^[0-9a-f]{64}$/);
});

test('invitation code: required, must exist, case-insensitive', async () => {
  const ip = nextIp();
  await call(app, 'POST', 'user/sendOtp', { body: { email: 'inv@example.com' }, ip });
  const code = await lastCode(db, 'inv@example.com');
  const attempt = (invitationCode?: string) =>
    call(app, 'POST', 'user/register', { body: { email: 'inv@example.com', code, password: 'secret12', ...(invitationCode === undefined ? {} : { invitationCode }) } });
  assert.equal((await attempt()).msg, 'Invitation code is required');
  assert.equal((await attempt('  ')).msg, 'Invitation code is required');
  assert.equal((await attempt('NOSUCH99')).msg, 'Invalid invitation code');
  assert.equal((await attempt('meridian')).code, 0);
});

test('referrals are kept three levels deep', async () => {
  const a = await registerUser(app, db);
  const b = await registerUser(app, db, { invitationCode: a.invitationCode });
  const c = await registerUser(app, db, { invitationCode: b.invitationCode });
  const d = await registerUser(app, db, { invitationCode: c.invitationCode });
  const e = await registerUser(app, db, { invitationCode: d.invitationCode });
  const uplines = async (uid: string) =>
    (await db.query<{ level: number; upline: string }>('SELECT level, upline_id AS upline FROM referrals WHERE user_id = $1 ORDER BY level', [uid])).rows;
  assert.deepEqual(await uplines(a.uid), []);
  assert.deepEqual(await uplines(b.uid), [{ level: 1, upline: a.uid }]);
  assert.deepEqual(await uplines(c.uid), [{ level: 1, upline: b.uid }, { level: 2, upline: a.uid }]);
  assert.deepEqual(await uplines(e.uid), [
    { level: 1, upline: d.uid },
    { level: 2, upline: c.uid },
    { level: 3, upline: b.uid },
  ]);
});

test('password rules at registration', async () => {
  await call(app, 'POST', 'user/sendOtp', { body: { email: 'short@example.com' }, ip: nextIp() });
  const code = await lastCode(db, 'short@example.com');
  const body = { email: 'short@example.com', code, invitationCode: 'MERIDIAN' };
  assert.equal((await call(app, 'POST', 'user/register', { body: { ...body, password: '12345' } })).msg, 'Password must be at least 6 characters');
  assert.equal(
    (await call(app, 'POST', 'user/register', { body: { ...body, password: '123456', confirmPassword: '1234567' } })).msg,
    'The two passwords are inconsistent',
  );
  assert.equal((await call(app, 'POST', 'user/register', { body: { ...body, password: '123456' } })).code, 0);
});

test('login by e-mail and by phone; logout ends the session', async () => {
  const user = await registerUser(app, db, { email: 'bob@example.com', password: 'bobpass1' });
  const session = await login('BOB@example.com', 'bobpass1');
  assert.equal(session.code, 0, session.msg);
  assert.equal(session.data.userInfo.uid, user.uid);
  assert.equal((await call(app, 'POST', 'user/info', { token: session.data.token })).code, 0);
  assert.equal((await call(app, 'POST', 'user/logout', { token: session.data.token })).code, 0);
  const after = await call(app, 'POST', 'user/info', { token: session.data.token });
  assert.deepEqual(after, { code: 301, msg: 'Login session expired', reason: 'sessionExpired', data: null });
  // The registration session is untouched.
  assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).code, 0);

  await call(app, 'POST', 'user/SendSmsOtp', { body: { phone: '612000111', countryCode: '33' }, ip: nextIp() });
  const code = await lastCode(db, '+33612000111');
  await call(app, 'POST', 'user/register', { body: { phone: '612000111', code, password: 'phone123', invitationCode: 'MERIDIAN' } });
  const byPhone = await call(app, 'POST', 'user/login', { body: { phone: '0612000111', countryCode: '33', password: 'phone123' } });
  assert.equal(byPhone.code, 0, byPhone.msg);
});

test('a logout resets the mode to real: the next login starts in the real account', async () => {
  await registerUser(app, db, { email: 'demo-out@example.com', password: 'demopass1' });
  const first = await login('demo-out@example.com', 'demopass1');
  assert.equal((await call(app, 'POST', 'account/accountSwitch', { token: first.data.token, body: { userType: 'demo' } })).data.userType, 'demo');
  // a reload (user/info with the same token) keeps the mode
  assert.equal((await call(app, 'POST', 'user/info', { token: first.data.token })).data.accountMode, 'demo');
  assert.equal((await call(app, 'POST', 'user/logout', { token: first.data.token })).code, 0);
  const again = await login('demo-out@example.com', 'demopass1');
  assert.equal(again.data.userInfo.accountMode, 'real');
});

test('an unknown account and a wrong password get the same answer', async () => {
  await registerUser(app, db, { email: 'same@example.com' });
  const wrong = await login('same@example.com', 'wrong-password');
  const unknown = await login('nobody-here@example.com', 'wrong-password');
  assert.deepEqual(wrong, { code: 1001, msg: 'Incorrect account or password', reason: 'badCredentials', data: null });
  assert.deepEqual(unknown, wrong);
});

test('ten failures lock the account for 15 minutes, even for the right password; success resets the count', async () => {
  await registerUser(app, db, { email: 'lock@example.com', password: 'rightpw1' });
  for (let i = 0; i < 9; i += 1) assert.equal((await login('lock@example.com', 'bad')).msg, 'Incorrect account or password');
  assert.equal((await login('lock@example.com', 'rightpw1')).code, 0);
  for (let i = 0; i < 9; i += 1) await login('lock@example.com', 'bad');
  const locked = 'Too many failed logins, try again in 15 minutes or reset your password';
  const tenth = await login('lock@example.com', 'bad');
  assert.deepEqual([tenth.msg, tenth.reason, tenth.params], [locked, 'loginLocked', { minutes: 15 }]);
  assert.equal((await login('lock@example.com', 'rightpw1')).msg, locked);
  time.advance(15 * 60_000);
  assert.equal((await login('lock@example.com', 'rightpw1')).code, 0, 'the lock is temporary');
});

test('each lock in a row lasts twice the one before; a password reset lifts it; sessions survive it', async () => {
  const owner = await registerUser(app, db, { email: 'grow@example.com', password: 'rightpw1' });
  const lockOut = async () => {
    for (let i = 0; i < 10; i += 1) await login('grow@example.com', 'bad');
  };
  await lockOut();
  assert.equal((await login('grow@example.com', 'bad')).params?.minutes, 15);
  time.advance(15 * 60_000);
  await lockOut();
  assert.equal((await login('grow@example.com', 'rightpw1')).params?.minutes, 30);
  time.advance(29 * 60_000);
  assert.equal((await login('grow@example.com', 'rightpw1')).params?.minutes, 1);
  time.advance(60_000);
  await lockOut();
  assert.equal((await login('grow@example.com', 'rightpw1')).params?.minutes, 60);
  // Anyone can set the lock off by naming the account: it must not log the owner out.
  assert.equal((await call(app, 'POST', 'user/info', { token: owner.token })).code, 0);
  // The owner's way back at once: a password reset by code.
  const ip = nextIp();
  assert.equal((await call(app, 'POST', 'user/sendOtp', { body: { email: 'grow@example.com', type: 'forgot' }, ip })).code, 0);
  const reset = await call(app, 'POST', 'user/forgot-password', { ip, body: { email: 'grow@example.com', code: await lastCode(db, 'grow@example.com'), password: 'newpass12' } });
  assert.equal(reset.code, 0, reset.msg);
  assert.equal((await login('grow@example.com', 'newpass12')).code, 0);
  // ... and the growth starts over.
  await lockOut();
  assert.equal((await login('grow@example.com', 'newpass12')).params?.minutes, 15);
});

test('a parallel burst of wrong logins evaluates at most ten, and the right password after it is refused', async () => {
  await registerUser(app, db, { email: 'burst@example.com', password: 'rightpw1' });
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login('burst@example.com', `bad-${i}`)));
  // Every answer refuses; those evaluated after the lock was set off say so.
  assert.deepEqual([...new Set(answers.map((a) => a.reason))].filter((r) => r !== 'badCredentials' && r !== 'loginLocked'), []);
  // Each evaluated guess first takes a try in one conditional UPDATE: exactly ten were taken, the rest refused unread.
  const { rows } = await db.query<{ failures: number }>("SELECT failed_logins AS failures FROM users WHERE email = 'burst@example.com'");
  assert.equal(rows[0]!.failures, 10, 'exactly ten tries were taken');
  assert.equal((await login('burst@example.com', 'rightpw1')).reason, 'loginLocked');
});

test('repeated failures slow the answer down: from the third, 1, 2, 3 … steps, at most 5 s', async () => {
  await registerUser(app, db, { email: 'slow@example.com' });
  const waits: number[] = [];
  const users = createUsers({
    db,
    config: testConfig({ loginSlowdownMs: 700, loginLockAfter: 12 }),
    outbox: createOutbox(db, { production: false, log: app.log }),
    auth: createAuth(db, time.clock, 168),
    clock: time.clock,
    sleep: async (ms) => void waits.push(ms),
  });
  const meta = { ip: '127.0.0.1', userAgent: '' };
  for (let i = 0; i < 11; i += 1) {
    await assert.rejects(users.login({ email: 'slow@example.com', password: 'bad' }, meta), { message: 'Incorrect account or password' });
  }
  assert.deepEqual(waits, [700, 1400, 2100, 2800, 3500, 4200, 4900, 5000, 5000]);
  // The right password still waits (the count is only reset by a success), then resets it.
  await users.login({ email: 'slow@example.com', password: 'secret12' }, meta);
  assert.equal(waits.length, 10);
  await assert.rejects(users.login({ email: 'slow@example.com', password: 'bad' }, meta));
  assert.equal(waits.length, 10);
});

test('an expired, revoked or unknown token answers 301 with HTTP 200', async () => {
  const user = await registerUser(app, db);
  const response = await app.inject({ method: 'POST', url: '/asset/api/user/info', headers: { token: 'not-a-token' } });
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { code: 301, msg: 'Login session expired', reason: 'sessionExpired', data: null });
  assert.equal((await call(app, 'POST', 'user/info')).code, 301);

  time.advance(7 * 24 * 3_600_000 - 1_000);
  assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).code, 0);
  assert.deepEqual(await app.inject({ method: 'POST', url: '/asset/api/user/info' }).then((r) => r.statusCode), 200);
  time.advance(1_000);
  assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).code, 301);
});

test('sessions: listed with device, IP and last seen; any can be revoked', async () => {
  await registerUser(app, db, { email: 'multi@example.com' });
  const phone = await login('multi@example.com', 'secret12', {
    'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const desktop = await login('multi@example.com', 'secret12', {
    'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
  });
  const list = await call(app, 'GET', 'user/sessions', { token: desktop.data.token });
  assert.equal(list.data.length, 3);
  const current = list.data.find((s: { current: boolean }) => s.current);
  assert.equal(current.device, 'Chrome on Windows');
  assert.equal(current.ip, '127.0.0.1');
  assert.ok(current.lastSeenAt);
  const iphone = list.data.find((s: { device: string }) => s.device === 'Safari on iOS');
  assert.ok(iphone);
  assert.equal((await call(app, 'POST', 'user/revokeSession', { token: desktop.data.token, body: { id: iphone.id } })).code, 0);
  assert.equal((await call(app, 'POST', 'user/info', { token: phone.data.token })).code, 301);
  assert.equal((await call(app, 'GET', 'user/sessions', { token: desktop.data.token })).data.length, 2);
  // Someone else's session id is not found.
  const other = await registerUser(app, db);
  const otherSessions = await call(app, 'GET', 'user/sessions', { token: other.token });
  const foreign = await call(app, 'POST', 'user/revokeSession', { token: desktop.data.token, body: { id: otherSessions.data[0].id } });
  assert.equal(foreign.msg, 'Not found');
  assert.equal((await call(app, 'POST', 'user/info', { token: other.token })).code, 0);
});

test('last seen moves at most once a minute', async () => {
  const user = await registerUser(app, db);
  const seen = async () =>
    (await db.query<{ t: Date }>('SELECT last_seen_at AS t FROM sessions WHERE user_id = $1', [user.uid])).rows[0]!.t.getTime();
  const start = await seen();
  time.advance(30_000);
  await call(app, 'POST', 'user/info', { token: user.token });
  assert.equal(await seen(), start);
  time.advance(31_000);
  await call(app, 'POST', 'user/info', { token: user.token });
  assert.equal(await seen(), start + 61_000);
});

test('accountSwitch records the mode and demo start; the userType header gives each request its mode', async () => {
  const user = await registerUser(app, db);
  const before = await call(app, 'POST', 'user/info', { token: user.token });
  assert.equal(before.data.hasDemo, false);
  const demo = await call(app, 'POST', 'account/accountSwitch', { token: user.token, body: { userType: 'demo' } });
  assert.equal(demo.code, 0);
  assert.equal(demo.data.userType, 'demo');
  assert.equal(demo.data.hasDemo, true);
  assert.equal(new Date(demo.data.demoStartedAt).getTime(), time.clock().getTime());
  time.advance(5_000);
  const real = await call(app, 'POST', 'account/accountSwitch', { token: user.token, body: { userType: 'real' } });
  assert.equal(real.data.userType, 'real');
  assert.equal(real.data.demoStartedAt, demo.data.demoStartedAt);
  assert.equal((await call(app, 'POST', 'account/accountSwitch', { token: user.token, body: { userType: 'paper' } })).code, 400);


  // context.auth.requireUser: the mode comes from each request's userType header, real by default.
  const auth = createAuth(db, time.clock, 168);
  const asRequest = (headers: Record<string, string>) => ({ headers: { token: user.token, ...headers }, query: {} }) as unknown as FastifyRequest;
  assert.deepEqual(await auth.requireUser(asRequest({ usertype: 'demo' })), { id: user.uid, mode: 'demo', kycStatus: 'unverified' });
  assert.equal((await auth.requireUser(asRequest({}))).mode, 'real');
  assert.equal((await auth.requireUser(asRequest({ usertype: 'real' }))).mode, 'real');
  assert.equal((await auth.verifyToken(user.token))?.userId, user.uid);
  assert.equal(await auth.verifyToken('nope'), null);
  await assert.rejects(auth.requireUser(asRequest({ token: 'nope' })), { code: 301, message: 'Login session expired' });
});

test('the KYC gates refuse anyone not verified, with the spec texts', () => {
  for (const kycStatus of ['unverified', 'pending', 'rejected'] as const) {
    assert.throws(() => requireKyc({ kycStatus }), { message: 'Please, KYC this account before trade!', code: 1001 });
    assert.throws(() => requireKycForLoan({ kycStatus }), { message: 'You must verify your KYC account before making a loan' });
  }
  assert.doesNotThrow(() => requireKyc({ kycStatus: 'verified' }));
  assert.doesNotThrow(() => requireKycForLoan({ kycStatus: 'verified' }));
});
