import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/db.js';
import { testApp } from '../../../testing/app.js';
import { testDb } from '../../../testing/test-db.js';
import { call, lastCode, manualClock, nextIp } from '../test-support.js';

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

const send = (email: string, ip = nextIp(), type = 'register') => call(app, 'POST', 'user/sendOtp', { body: { email, type }, ip });
const register = (email: string, code: string, extra: Record<string, unknown> = {}) =>
  call(app, 'POST', 'user/register', { body: { email, code, password: 'secret12', invitationCode: 'MERIDIAN', ...extra }, ip: nextIp() });
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

test('a code is 4 digits, sent through the outbox, and works once', async () => {
  assert.equal((await send('once@example.com')).code, 0);
  const code = await lastCode(db, 'once@example.com');
  assert.match(code, /^[0-9]{4}$/);
  const first = await register('once@example.com', code);
  assert.equal(first.code, 0, first.msg);
  // Used: the same code cannot register (or do anything) again.
  const again = await register('once@example.com', code);
  assert.equal(again.msg, 'This account already exists');
  const { rows } = await db.query<{ consumed: boolean }>(
    "SELECT consumed_at IS NOT NULL AS consumed FROM verification_codes WHERE recipient = 'once@example.com'",
  );
  assert.deepEqual(rows, [{ consumed: true }]);
});

test('a used code is refused as "Invalid code"', async () => {
  await send('reuse@example.com');
  assert.equal((await register('reuse@example.com', await lastCode(db, 'reuse@example.com'))).code, 0);
  time.advance(61_000);
  await send('reuse@example.com', nextIp(), 'forgot');
  const code = await lastCode(db, 'reuse@example.com');
  const reset = () => call(app, 'POST', 'user/forgot-password', { body: { email: 'reuse@example.com', code, password: 'another1' } });
  assert.equal((await reset()).code, 0);
  assert.equal((await reset()).msg, 'Invalid code');
});

test('a code expires after 10 minutes', async () => {
  await send('late@example.com');
  const code = await lastCode(db, 'late@example.com');
  time.advance(10 * 60_000);
  const late = await register('late@example.com', code);
  assert.equal(late.code, 1001);
  assert.equal(late.msg, 'Invalid code');

  time.advance(1_000);
  await send('late@example.com');
  const fresh = await lastCode(db, 'late@example.com');
  time.advance(10 * 60_000 - 1_000);
  assert.equal((await register('late@example.com', fresh)).code, 0);
});

test('five wrong tries kill the code, even for the right digits afterwards', async () => {
  await send('guess@example.com');
  const code = await lastCode(db, 'guess@example.com');
  for (let i = 0; i < 5; i += 1) {
    const attempt = await register('guess@example.com', wrong(code));
    assert.equal(attempt.msg, 'The verify code is not correct', `try ${i + 1}`);
  }
  assert.equal((await register('guess@example.com', code)).msg, 'Invalid code');
});

test('four wrong tries still leave the right code usable', async () => {
  await send('almost@example.com');
  const code = await lastCode(db, 'almost@example.com');
  for (let i = 0; i < 4; i += 1) assert.equal((await register('almost@example.com', wrong(code))).msg, 'The verify code is not correct');
  assert.equal((await register('almost@example.com', code)).code, 0);
});

test('a resend within 60 seconds is refused; only the newest code counts', async () => {
  await send('again@example.com');
  const first = await lastCode(db, 'again@example.com');
  time.advance(59_000);
  const early = await send('again@example.com');
  assert.equal(early.code, 1001);
  assert.equal(early.msg, 'Please resend after 60 seconds');
  time.advance(1_000);
  assert.equal((await send('again@example.com')).code, 0);
  const second = await lastCode(db, 'again@example.com');
  if (second !== first) assert.equal((await register('again@example.com', first)).msg, 'The verify code is not correct');
  assert.equal((await register('again@example.com', second)).code, 0);
});

test('per-recipient limit: 5 codes an hour', async () => {
  for (let i = 0; i < 5; i += 1) {
    assert.equal((await send('busy@example.com')).code, 0);
    time.advance(61_000);
  }
  assert.equal((await send('busy@example.com')).msg, 'Too many codes requested, please try again later');
  time.advance(60 * 60_000);
  assert.equal((await send('busy@example.com')).code, 0);
});

test('per address: 200 codes an hour, so many people behind one carrier or office address all get theirs', async () => {
  const ip = '203.0.113.9';
  for (let i = 0; i < 200; i += 1) assert.equal((await send(`ip${i}@example.com`, ip)).code, 0, `code ${i}`);
  assert.equal((await send('ip200@example.com', ip)).msg, 'Too many codes requested, please try again later');
  assert.equal((await send('ip200@example.com')).code, 0);
});

test('a parallel burst of sends to one recipient sends one code', async () => {
  const answers = await Promise.all(Array.from({ length: 30 }, () => send('burst-send@example.com')));
  assert.equal(answers.filter((a) => a.code === 0).length, 1, answers.map((a) => a.msg).join(' | '));
  assert.equal(answers.filter((a) => a.msg === 'Please resend after 60 seconds').length, 29);
});

test('a parallel burst of wrong codes compares at most 5, and the right code after it is refused', async () => {
  assert.equal((await send('burst-code@example.com')).code, 0);
  const code = await lastCode(db, 'burst-code@example.com');
  const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
  // The right code goes last in the same burst: only what takes one of the 5 tries is ever compared.
  const answers = await Promise.all([...guesses, code].map((guess) => register('burst-code@example.com', guess)));
  assert.equal(answers.filter((a) => a.msg === 'The verify code is not correct').length, 5, answers.map((a) => a.msg).join(' | '));
  assert.equal(answers.filter((a) => a.msg === 'Invalid code').length, 26);
  assert.equal((await register('burst-code@example.com', code)).msg, 'Invalid code');
  const { rows } = await db.query<{ attempts: number }>("SELECT attempts FROM verification_codes WHERE recipient = 'burst-code@example.com'");
  assert.deepEqual(rows, [{ attempts: 5 }]);
});

test('SMS codes go to +<dialling code><number> without the trunk 0', async () => {
  const sent = await call(app, 'POST', 'user/SendSmsOtp', { body: { phone: '06 12 34 56 78', countryCode: '33' }, ip: nextIp() });
  assert.equal(sent.code, 0, sent.msg);
  const code = await lastCode(db, '+33612345678');
  const done = await call(app, 'POST', 'user/register', {
    body: { phone: '0612345678', countryCode: '33', code, password: 'secret12', invitationCode: 'MERIDIAN', countryId: 57 },
  });
  assert.equal(done.code, 0, done.msg);
  assert.equal(done.data.userInfo.phone, '+33612345678');
  assert.equal((await call(app, 'POST', 'user/SendSmsOtp', { body: { phone: '12', countryCode: '33' } })).msg, 'Invalid phone number');
});

test('register refuses an existing account at send time (the spec\'s text)', async () => {
  time.advance(61_000);
  assert.equal((await send('once@example.com')).msg, 'This account already exists');
});

const outboxCount = async (to: string) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM dev_outbox WHERE lower(recipient) = lower($1)', [to])).rows[0]!.n);

test('recovery answers the same for an existing and a missing account, and sends only to the existing one', async () => {
  time.advance(61_000);
  const existing = 'once@example.com';
  const missing = 'nobody-here@example.com';
  const sentBefore = await outboxCount(existing);
  const answers = [await send(existing, nextIp(), 'forgot'), await send(missing, nextIp(), 'forgot')];
  assert.deepEqual(answers[1], answers[0]);
  assert.equal(answers[0]!.code, 0, answers[0]!.msg);
  assert.equal(await outboxCount(existing), sentBefore + 1);
  assert.equal(await outboxCount(missing), 0);
  // the resend wait and the hourly limits answer alike too (a missing account's code is recorded, not sent)
  const early = [await send(existing, nextIp(), 'forgot'), await send(missing, nextIp(), 'forgot')];
  assert.deepEqual(early[1], early[0]);
  assert.equal(early[0]!.msg, 'Please resend after 60 seconds');
  for (let i = 0; i < 4; i += 1) {
    time.advance(61_000);
    assert.deepEqual(await send(missing, nextIp(), 'forgot'), await send(existing, nextIp(), 'forgot'));
  }
  time.advance(61_000);
  const capped = [await send(existing, nextIp(), 'forgot'), await send(missing, nextIp(), 'forgot')];
  assert.deepEqual(capped[1], capped[0]);
  assert.equal(capped[0]!.msg, 'Too many codes requested, please try again later');
  assert.equal(await outboxCount(missing), 0);
});
