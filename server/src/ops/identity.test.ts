import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { call, manualClock, registerUser, uploadPng } from '../modules/identity/test-support.js';
import { testApp } from '../testing/app.js';
import { testDb, type TestStore } from '../testing/test-db.js';
import { runCommand, UsageError, type CommandContext } from './all-commands.js';

let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let scratch: string;

before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR }, { db, clock: manualClock().clock });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'meridian-ops-'));
});
after(async () => {
  await app.close();
  await cleanup();
  await rm(scratch, { recursive: true, force: true });
});

function ops(operator = 'ops-erin'): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines, dataDir: store.env.DATA_DIR };
}

const login = (email: string, password: string) => call(app, 'POST', 'user/login', { body: { email, password } });

test('a locked account is unlocked by user:unlock, with its audit row', async () => {
  const user = await registerUser(app, db, { email: 'locked@example.com', password: 'goodpass' });
  for (let i = 0; i < 10; i += 1) await login('locked@example.com', 'badpass');
  assert.equal((await login('locked@example.com', 'goodpass')).reason, 'loginLocked');
  // The lock stops guessing only: the owner's sessions stay (anyone who can name the account can set it off).
  assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).code, 0);

  await runCommand(['user:unlock', 'LOCKED@example.com'], ops('ops-erin'));
  assert.equal((await login('locked@example.com', 'goodpass')).code, 0);
  const { rows } = await db.query<{ actor: string; action: string; target: string; detail: { args: string[] } }>(
    "SELECT actor, action, target, detail FROM audit_log WHERE action = 'user:unlock'",
  );
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.actor, 'ops-erin');
  assert.equal(rows[0]!.target, `user:${user.uid}`);
  assert.deepEqual(rows[0]!.detail.args, ['LOCKED@example.com']);
  await assert.rejects(runCommand(['user:unlock', user.uid], ops()), /is not locked/);
  await assert.rejects(runCommand(['user:unlock', 'nobody@example.com'], ops()), UsageError);
});

test('user:lock locks an account until user:unlock: its sessions end, its login says "Locked, contact customer service"', async () => {
  const user = await registerUser(app, db, { email: 'frozen@example.com', password: 'goodpass' });
  const other = await login('frozen@example.com', 'goodpass');
  assert.equal(other.code, 0);
  await assert.rejects(runCommand(['user:lock', user.uid], ops()), /needs a reason/);
  const ctx = ops('ops-gus');
  await runCommand(['user:lock', 'frozen@example.com', 'chargeback', 'under', 'review'], ctx);
  assert.match(ctx.lines.join('\n'), /2 session\(s\) ended/);
  for (const token of [user.token, other.data.token as string]) assert.equal((await call(app, 'POST', 'user/info', { token })).code, 301);

  const refused = await login('frozen@example.com', 'goodpass');
  assert.deepEqual([refused.code, refused.reason, refused.msg, refused.data], [1001, 'locked', 'Locked, contact customer service', null]);
  const french = await call(app, 'POST', 'user/login', { body: { email: 'frozen@example.com', password: 'goodpass' }, headers: { lang: 'fr' } });
  assert.equal(french.msg, 'Compte bloqué, veuillez contacter le service client');
  // Only the password's owner learns of the lock; a wrong password answers as for any account.
  assert.equal((await login('frozen@example.com', 'badpass')).reason, 'badCredentials');
  const { rows: sessions } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [user.uid]);
  assert.equal(sessions[0]!.n, '0', 'a locked account opens no session');
  await assert.rejects(runCommand(['user:lock', user.uid, 'again'], ops()), /already locked by ops-gus/);
  const shown = ops();
  await runCommand(['user:show', user.uid], shown);
  assert.match(shown.lines.join('\n'), /operator lock\s+since .* by ops-gus: chargeback under review/);

  await runCommand(['user:unlock', user.uid], ops('ops-hal'));
  assert.equal((await login('frozen@example.com', 'goodpass')).code, 0);
  const { rows } = await db.query<{ actor: string; action: string; detail: Record<string, unknown> }>(
    "SELECT actor, action, detail FROM audit_log WHERE target = $1 AND action IN ('user:lock', 'user:unlock') ORDER BY id",
    [`user:${user.uid}`],
  );
  assert.deepEqual(
    rows.map((r) => [r.actor, r.action]),
    [['ops-gus', 'user:lock'], ['ops-hal', 'user:unlock']],
  );
  assert.equal(rows[0]!.detail.reason, 'chargeback under review');
  assert.equal((rows[1]!.detail.operatorLock as { by: string }).by, 'ops-gus');
});

test('the temporary lock after wrong passwords keeps its own message, on an account an operator did not lock', async () => {
  await registerUser(app, db, { email: 'guessed@example.com', password: 'goodpass' });
  for (let i = 0; i < 10; i += 1) await login('guessed@example.com', 'badpass');
  const refused = await login('guessed@example.com', 'goodpass');
  assert.deepEqual([refused.reason, refused.msg], ['loginLocked', 'Too many failed logins, try again in 15 minutes or reset your password']);
});

test('user:unlock also lifts the lock of a known device that guessed wrong itself', async () => {
  const user = await registerUser(app, db, { email: 'typo@example.com', password: 'goodpass' });
  await db.query("UPDATE login_trust SET locked_at = now(), failed_logins = 10, login_locks = 1 WHERE user_id = $1 AND kind = 'device'", [user.uid]);
  const shown = ops();
  await runCommand(['user:show', user.uid], shown);
  assert.match(shown.lines.join('\n'), /known clients\s+address 1 \(0 locked\), device 1 \(1 locked\)/);
  const ctx = ops();
  await runCommand(['user:unlock', user.uid], ctx);
  assert.match(ctx.lines.join('\n'), /1 known device\(s\)\/address\(es\) locked after failed logins unlocked/);
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM login_trust WHERE user_id = $1 AND locked_at IS NOT NULL', [user.uid]);
  assert.equal(rows[0]!.n, '0');
});

test('user:show prints the account', async () => {
  const user = await registerUser(app, db, { email: 'show@example.com' });
  const ctx = ops();
  await runCommand(['user:show', user.uid], ctx);
  const text = ctx.lines.join('\n');
  assert.match(text, /email\s+show@example\.com/);
  assert.match(text, /invited with\s+MERIDIAN/);
  assert.match(text, /kyc\s+unverified/);
  assert.match(text, /locked\s+no \(0 failed logins\)/);
  const before = (await db.query("SELECT count(*) AS n FROM audit_log WHERE action = 'user:show'")).rows[0];
  assert.deepEqual(before, { n: '0' });
});

test('upload:export copies a user\'s image for an operator, audited', async () => {
  const user = await registerUser(app, db);
  const uploaded = await uploadPng(app, user.token);
  const target = path.join(scratch, 'doc.png');
  await runCommand(['upload:export', uploaded, target], ops('ops-fay'));
  const served = await app.inject({ method: 'GET', url: uploaded, headers: { token: user.token } });
  assert.deepEqual(await readFile(target), served.rawPayload);
  const { rows } = await db.query<{ actor: string; target: string }>("SELECT actor, target FROM audit_log WHERE action = 'upload:export'");
  assert.deepEqual(rows, [{ actor: 'ops-fay', target: `user:${user.uid}` }]);
  await assert.rejects(runCommand(['upload:export', '/asset/admin/common/oss/file/none.png', target], ops()), /No upload/);
});
