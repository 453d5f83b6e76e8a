import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/db.js';
import { runCommand, type CommandContext } from '../../../ops/all-commands.js';
import { testApp } from '../../../testing/app.js';
import { testDb, type TestStore } from '../../../testing/test-db.js';
import { withUserEvents, type UserEvent } from '../../platform/user-events.js';
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

const ops = (): CommandContext => ({ operator: 'ops-kim', db: async () => db, print: () => undefined, dataDir: store.env.DATA_DIR });

async function submit(app: FastifyInstance, token: string) {
  const body = { firstName: 'Tom', lastName: 'Blanc', idNumber: 'K123', nation: 'France', documentType: 'id_card', frontImage: await uploadPng(app, token), backImage: await uploadPng(app, token) };
  const submitted = await call(app, 'POST', 'idCard/insert', { token, body });
  assert.equal(submitted.code, 0, submitted.msg);
  return (await db.query<{ id: string }>('SELECT max(id)::text AS id FROM kyc_submissions')).rows[0]!.id;
}

const notices = async (app: FastifyInstance, token: string) =>
  (await call(app, 'GET', 'notification/list', { token })).data.list as { kind: string; params: Record<string, string>; body: string; refType: string; refId: string }[];

test('auto-review notifies kyc.verified at once', async () => {
  const user = await registerUser(auto, db);
  const id = await submit(auto, user.token);
  const list = await notices(auto, user.token);
  assert.deepEqual(list.map((n) => [n.kind, n.refType, n.refId]), [['kyc.verified', 'kyc', id]]);
  assert.equal((await call(auto, 'GET', 'notification/num-noti', { token: user.token })).data.count, 1);
});

test('an operator\'s rejection notifies kyc.rejected with the reason; the later approval notifies kyc.verified', async () => {
  const user = await registerUser(manual, db);
  const first = await submit(manual, user.token);
  assert.deepEqual(await notices(manual, user.token), [], 'nothing while pending');
  await runCommand(['kyc:reject', first, 'The', 'photo', 'is', 'blurred'], ops());
  const [rejected] = await notices(manual, user.token);
  assert.equal(rejected!.kind, 'kyc.rejected');
  assert.deepEqual(rejected!.params, { reason: 'The photo is blurred' });
  assert.match(rejected!.body, /The photo is blurred/);

  const second = await submit(manual, user.token);
  await runCommand(['kyc:approve', second], ops());
  const list = await notices(manual, user.token);
  assert.deepEqual(list.map((n) => [n.kind, n.refId]), [['kyc.verified', second], ['kyc.rejected', first]]);
});

test('each review is pushed to its user as KYC with the new status, so an open app updates its session', async () => {
  const pushes: { userId: string; event: UserEvent }[] = [];
  const pushing = withUserEvents(db, () => ({ push: (userId, event) => pushes.push({ userId, event }) }));
  const viaPushes = (): CommandContext => ({ ...ops(), db: async () => pushing });
  const user = await registerUser(manual, db);
  const first = await submit(manual, user.token);
  const { userId } = (await db.query<{ userId: string }>('SELECT user_id::text AS "userId" FROM kyc_submissions WHERE id = $1', [first])).rows[0]!;
  await runCommand(['kyc:reject', first, 'Blurred'], viaPushes());
  const second = await submit(manual, user.token);
  await runCommand(['kyc:approve', second], viaPushes());
  assert.deepEqual(
    pushes.filter((p) => p.event.action === 'KYC'),
    [
      { userId, event: { action: 'KYC', status: 'rejected' } },
      { userId, event: { action: 'KYC', status: 'verified' } },
    ],
  );
});
