import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/db.js';
import { testApp } from '../../../testing/app.js';
import { testDb } from '../../../testing/test-db.js';
import { call, lastCode, manualClock, nextIp, registerUser } from '../test-support.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db, clock: time.clock });
});
after(async () => {
  await app.close();
  await cleanup();
});

const login = (email: string, password: string) => call(app, 'POST', 'user/login', { body: { email, password } });
const update = (token: string, body: Record<string, unknown>) => call(app, 'POST', 'user/update', { token, body });

test('argon2id at 19 MiB, 2 iterations, parallelism 1', async () => {
  const user = await registerUser(app, db);
  const { rows } = await db.query<{ hash: string }>('SELECT password_hash AS hash FROM users WHERE id = $1', [user.uid]);
  assert.match(rows[0]!.hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

test('changing the password needs the old one and ends the other sessions, not this one', async () => {
  const user = await registerUser(app, db, { email: 'change@example.com', password: 'first-pw' });
  const other = await login('change@example.com', 'first-pw');
  assert.equal((await update(user.token, { kind: 'password', oldPassword: 'wrong-pw', password: 'second-pw' })).msg, 'The old password is not correct');
  assert.equal((await call(app, 'POST', 'user/info', { token: other.data.token })).code, 0);
  assert.equal((await update(user.token, { kind: 'password', oldPassword: 'first-pw', password: 'second-pw' })).code, 0);
  assert.equal((await call(app, 'POST', 'user/info', { token: other.data.token })).code, 301);
  assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).code, 0);
  assert.equal((await login('change@example.com', 'first-pw')).code, 1001);
  assert.equal((await login('change@example.com', 'second-pw')).code, 0);
});

test('forgot-password by e-mail code: new password, every session ended', async () => {
  const user = await registerUser(app, db, { email: 'forgot@example.com', password: 'old-pass' });
  time.advance(61_000);
  const sent = await call(app, 'POST', 'user/sendOtp', { body: { email: 'forgot@example.com', type: 'forgot' }, ip: nextIp() });
  assert.equal(sent.code, 0, sent.msg);
  const code = await lastCode(db, 'forgot@example.com');
  const bad = await call(app, 'POST', 'user/forgot-password', { body: { email: 'forgot@example.com', code: code === '0000' ? '0001' : '0000', password: 'new-pass' } });
  assert.equal(bad.msg, 'The verify code is not correct');
  const done = await call(app, 'POST', 'user/forgot-password', { body: { email: 'forgot@example.com', code, password: 'new-pass' } });
  assert.equal(done.code, 0, done.msg);
  assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).code, 301);
  assert.equal((await login('forgot@example.com', 'new-pass')).code, 0);
});

test('forgot-password for a missing account answers as a wrong or dead code does, never "does not exist"', async () => {
  const reset = (email: string, code: string) => call(app, 'POST', 'user/forgot-password', { body: { email, code, password: 'new-pass' } });
  await registerUser(app, db, { email: 'real-reset@example.com' });
  // no code asked for: both "Invalid code"
  assert.deepEqual(await reset('ghost@example.com', '1234'), await reset('real-reset@example.com', '1234'));
  assert.equal((await reset('ghost@example.com', '1234')).msg, 'Invalid code');
  time.advance(61_000);
  for (const email of ['ghost@example.com', 'real-reset@example.com']) {
    assert.equal((await call(app, 'POST', 'user/sendOtp', { body: { email, type: 'forgot' }, ip: nextIp() })).code, 0);
  }
  // a code asked for: a wrong guess answers alike; even the recorded (never sent) code resets nothing
  const realCode = await lastCode(db, 'real-reset@example.com');
  const guess = realCode === '0000' ? '0001' : '0000';
  assert.deepEqual(await reset('ghost@example.com', guess), await reset('real-reset@example.com', guess));
  // (as if guessed: the recorded code set to a known one)
  const known = createHash('sha256').update('reset_password:ghost@example.com:4321').digest('hex');
  await db.query("UPDATE verification_codes SET code_hash = $1 WHERE recipient = 'ghost@example.com'", [known]);
  assert.equal((await reset('ghost@example.com', '4321')).msg, 'Invalid code');
});

test('fund password: set, change with the old one, forgot by code', async () => {
  const user = await registerUser(app, db, { email: 'fund@example.com' });
  assert.equal((await update(user.token, { kind: 'fundPassword', password: 'fund-111' })).data.hasFundPassword, true);
  // Setting again needs the old one.
  assert.equal((await update(user.token, { kind: 'fundPassword', password: 'fund-222' })).msg, 'The old password is not correct');
  assert.equal((await update(user.token, { kind: 'fundPassword', oldPassword: 'nope-000', password: 'fund-222' })).msg, 'The old password is not correct');
  assert.equal((await update(user.token, { kind: 'fundPassword', oldPassword: 'fund-111', password: 'fund-222' })).code, 0);
  const stored = async () => (await db.query<{ h: string }>('SELECT fund_password_hash AS h FROM users WHERE id = $1', [user.uid])).rows[0]!.h;
  const beforeForgot = await stored();

  // Forgot: the code goes to the user's own e-mail (no address in the body), and the new one replaces it.
  time.advance(61_000);
  const sent = await call(app, 'POST', 'user/sendOtp', { token: user.token, body: { type: 'forgotFund' }, ip: nextIp() });
  assert.equal(sent.code, 0, sent.msg);
  const code = await lastCode(db, 'fund@example.com');
  assert.equal((await call(app, 'POST', 'user/forgot-fund-password', { token: user.token, body: { code, password: 'fund-333' } })).code, 0);
  assert.notEqual(await stored(), beforeForgot);
  assert.equal((await update(user.token, { kind: 'fundPassword', oldPassword: 'fund-333', password: 'fund-444' })).code, 0);
  // The fund password is separate from the login password.
  assert.equal((await login('fund@example.com', 'fund-444')).code, 1001);
  assert.equal((await login('fund@example.com', 'secret12')).code, 0);
});

test('forgot-fund-password needs a session and a code sent to that user', async () => {
  const a = await registerUser(app, db);
  const b = await registerUser(app, db);
  assert.equal((await call(app, 'POST', 'user/sendOtp', { body: { type: 'forgotFund' } })).code, 301);
  time.advance(61_000);
  assert.equal((await call(app, 'POST', 'user/sendOtp', { token: a.token, body: { type: 'forgotFund' }, ip: nextIp() })).code, 0);
  const code = await lastCode(db, a.email);
  assert.equal((await call(app, 'POST', 'user/forgot-fund-password', { token: b.token, body: { code, password: 'steal-11' } })).msg, 'Invalid code');
  assert.equal((await call(app, 'POST', 'user/forgot-fund-password', { body: { code, password: 'steal-11' } })).code, 301);
});

test('e-mail change is confirmed by a code sent to the new address', async () => {
  const user = await registerUser(app, db, { email: 'oldaddr@example.com' });
  const taken = await registerUser(app, db, { email: 'taken@example.com' });
  void taken;
  assert.equal(
    (await call(app, 'POST', 'user/sendOtp', { token: user.token, body: { email: 'taken@example.com', type: 'changeEmail' }, ip: nextIp() })).msg,
    'This account already exists',
  );
  const sent = await call(app, 'POST', 'user/sendOtp', { token: user.token, body: { email: 'NewAddr@example.com', type: 'changeEmail' }, ip: nextIp() });
  assert.equal(sent.code, 0, sent.msg);
  const code = await lastCode(db, 'newaddr@example.com');
  const wrong = code === '9999' ? '9998' : '9999';
  assert.equal((await update(user.token, { kind: 'email', email: 'newaddr@example.com', code: wrong })).msg, 'The verify code is not correct');
  const changed = await update(user.token, { kind: 'email', email: 'newaddr@example.com', code });
  assert.equal(changed.code, 0, changed.msg);
  assert.equal(changed.data.email, 'newaddr@example.com');
  assert.equal((await login('newaddr@example.com', 'secret12')).code, 0);
  assert.equal((await login('oldaddr@example.com', 'secret12')).code, 1001);
});

test('nickname', async () => {
  const user = await registerUser(app, db);
  assert.equal((await update(user.token, { kind: 'nickname', nickname: '  Trader Jo ' })).data.nickname, 'Trader Jo');
  assert.equal((await update(user.token, { kind: 'nickname', nickname: ' ' })).msg, 'Nickname must be 1 to 32 characters');
  assert.equal((await update(user.token, { kind: 'nickname' })).code, 400);
  assert.equal((await call(app, 'POST', 'user/update', { body: { kind: 'nickname', nickname: 'x' } })).code, 301);
});
