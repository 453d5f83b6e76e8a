import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/db.js';
import { runCommand, type CommandContext } from '../../../ops/all-commands.js';
import { testApp } from '../../../testing/app.js';
import { testDb, type TestStore } from '../../../testing/test-db.js';
import { createAuth } from '../auth.js';
import { call, manualClock, registerUser, uploadPng } from '../test-support.js';

let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let manual: FastifyInstance;
let auto: FastifyInstance;
const time = manualClock();

before(async () => {
  ({ db, store, cleanup } = await testDb());
  manual = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR, kycAutoReview: false }, { db, clock: time.clock });
  auto = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR, kycAutoReview: true }, { db, clock: time.clock });
});
after(async () => {
  await manual.close();
  await auto.close();
  await cleanup();
});

function ops(operator = 'ops-carol'): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines, dataDir: store.env.DATA_DIR };
}

async function submit(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  const body = {
    firstName: 'Ann',
    lastName: 'Martin',
    idNumber: 'X1234567',
    nation: 'France',
    documentType: 'passport',
    frontImage: await uploadPng(app, token),
    backImage: await uploadPng(app, token),
    ...overrides,
  };
  return call(app, 'POST', 'idCard/insert', { token, body });
}

const kycOf = async (uid: string) =>
  (await db.query<{ s: string }>('SELECT kyc_status AS s FROM users WHERE id = $1', [uid])).rows[0]!.s;

test('document types', async () => {
  const types = await call(manual, 'GET', 'idCard/type');
  assert.deepEqual(types.data, [
    { value: 'id_card', label: 'ID card' },
    { value: 'passport', label: 'Passport' },
    { value: 'driving_licence', label: 'Driving licence' },
  ]);
});

test('unverified → pending → verified by an operator, audited in the same transaction', async () => {
  const user = await registerUser(manual, db);
  assert.deepEqual((await call(manual, 'GET', 'idCard/info', { token: user.token })).data, { status: 'unverified', reason: '' });
  const submitted = await submit(manual, user.token);
  assert.equal(submitted.code, 0, submitted.msg);
  assert.equal(submitted.data.status, 'pending');
  assert.equal(await kycOf(user.uid), 'pending');
  assert.equal((await submit(manual, user.token)).msg, 'Your KYC is under review');

  const listing = ops();
  await runCommand(['kyc:pending'], listing);
  const line = listing.lines.find((l) => l.includes(`user:${user.uid}`));
  assert.ok(line, listing.lines.join('\n'));
  const submissionId = line.split('  ')[0]!;

  // The gate before and after.
  const gate = createAuth(db, time.clock, 168);
  const request = { headers: { token: user.token }, query: {} } as never;
  assert.equal((await gate.requireUser(request)).kycStatus, 'pending');

  await runCommand(['kyc:approve', submissionId], ops('ops-carol'));
  assert.equal(await kycOf(user.uid), 'verified');
  const info = await call(manual, 'GET', 'idCard/info', { token: user.token });
  assert.equal(info.data.status, 'verified');
  assert.equal(info.data.documentType, 'passport');
  assert.equal((await call(manual, 'POST', 'user/info', { token: user.token })).data.kycStatus, 'verified');
  assert.equal((await gate.requireUser({ headers: { token: user.token }, query: {} } as never)).kycStatus, 'verified');
  const { rows } = await db.query<{ actor: string; target: string; detail: { submission: string } }>(
    "SELECT actor, target, detail FROM audit_log WHERE action = 'kyc:approve' ORDER BY id DESC LIMIT 1",
  );
  assert.deepEqual(rows[0], { actor: 'ops-carol', target: `user:${user.uid}`, detail: { args: [submissionId], submission: submissionId } });
  assert.equal((await submit(manual, user.token)).msg, 'Your KYC is already verified');
  await assert.rejects(runCommand(['kyc:approve', submissionId], ops()), /is verified, not pending/);
});

test('rejected with a reason the user sees; a rejected user may resubmit', async () => {
  const user = await registerUser(manual, db);
  const submitted = await submit(manual, user.token);
  const id = (await db.query<{ id: string }>('SELECT id FROM kyc_submissions WHERE user_id = $1', [user.uid])).rows[0]!.id;
  void submitted;
  await assert.rejects(runCommand(['kyc:reject', id], ops()), /needs a reason/);
  await runCommand(['kyc:reject', id, 'Photo', 'is', 'blurred'], ops('ops-dan'));
  const info = await call(manual, 'GET', 'idCard/info', { token: user.token });
  assert.equal(info.data.status, 'rejected');
  assert.equal(info.data.reason, 'Photo is blurred');
  assert.equal(await kycOf(user.uid), 'rejected');
  const audit = await db.query<{ actor: string; detail: { reason: string } }>("SELECT actor, detail FROM audit_log WHERE action = 'kyc:reject'");
  assert.equal(audit.rows[0]!.actor, 'ops-dan');
  assert.equal(audit.rows[0]!.detail.reason, 'Photo is blurred');

  const again = await submit(manual, user.token, { documentType: 'id_card' });
  assert.equal(again.data.status, 'pending');
  assert.equal(again.data.reason, '');
});

test('images must be the user\'s own uploads; fields are required', async () => {
  const a = await registerUser(manual, db);
  const b = await registerUser(manual, db);
  const foreign = await uploadPng(manual, b.token);
  assert.equal((await submit(manual, a.token, { frontImage: foreign })).msg, 'Invalid image');
  assert.equal((await submit(manual, a.token, { backImage: '/asset/admin/common/oss/file/nothing.png' })).msg, 'Invalid image');
  assert.equal((await submit(manual, a.token, { firstName: '  ' })).msg, 'firstName is required');
  assert.equal((await submit(manual, a.token, { documentType: 'library_card' })).code, 400);
  assert.equal(await kycOf(a.uid), 'unverified');
  assert.equal((await call(manual, 'POST', 'idCard/insert', { body: {} })).code, 400);
});

test('auto-review on: verified at once, audited as auto-review; off: pending', async () => {
  const user = await registerUser(auto, db);
  const result = await submit(auto, user.token);
  assert.equal(result.data.status, 'verified');
  assert.equal(await kycOf(user.uid), 'verified');
  const { rows } = await db.query<{ actor: string; target: string }>(
    "SELECT actor, target FROM audit_log WHERE action = 'kyc:approve' AND target = $1",
    [`user:${user.uid}`],
  );
  assert.deepEqual(rows, [{ actor: 'auto-review', target: `user:${user.uid}` }]);

  const other = await registerUser(manual, db);
  assert.equal((await submit(manual, other.token)).data.status, 'pending');
});
