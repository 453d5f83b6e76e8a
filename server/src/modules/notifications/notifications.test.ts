import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { notify } from './service.js';

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

const event = (userId: string, id: string) => ({
  userId,
  kind: 'deposit.credited',
  params: { amount: '10', asset: 'USDT' },
  title: 'Deposit credited',
  body: 'Your deposit of 10 USDT has arrived.',
  ref: { type: 'deposit', id },
});

test('an event notifies once; the unread count, detail, read one and reset all', async () => {
  const alice = await registerUser(app, db);
  const bob = await registerUser(app, db);
  await notify(db, event(alice.uid, '1'), time.clock());
  await notify(db, event(alice.uid, '1'), time.clock()); // a retried job stays quiet
  await notify(db, event(alice.uid, '2'), time.clock());
  await notify(db, event(bob.uid, '3'), time.clock());

  assert.equal((await call(app, 'GET', 'notification/num-noti', { token: alice.token })).data.count, 2);
  const list = await call(app, 'GET', 'notification/list?page=1&size=10', { token: alice.token });
  assert.equal(list.data.total, 2);
  assert.deepEqual(list.data.list.map((n: { refId: string; read: boolean }) => [n.refId, n.read]), [['2', false], ['1', false]]);
  assert.deepEqual(list.data.list[0].params, { amount: '10', asset: 'USDT' });

  const [newest, oldest] = list.data.list;
  const detail = await call(app, 'GET', `notification/detail?id=${newest.id}`, { token: alice.token });
  assert.equal(detail.data.body, 'Your deposit of 10 USDT has arrived.');
  assert.equal((await call(app, 'GET', 'notification/num-noti', { token: alice.token })).data.count, 1);

  // Another user's notification is not found, for detail and for read alike.
  const bobs = (await call(app, 'GET', 'notification/list', { token: bob.token })).data.list[0];
  assert.equal((await call(app, 'GET', `notification/detail?id=${bobs.id}`, { token: alice.token })).msg, 'Not found');
  assert.equal((await call(app, 'POST', 'notification/read-noti', { token: alice.token, body: { id: bobs.id } })).msg, 'Not found');

  const read = await call(app, 'POST', 'notification/read-noti', { token: alice.token, body: { id: oldest.id } });
  assert.equal(read.data.count, 0);
  await notify(db, event(alice.uid, '4'), time.clock());
  assert.equal((await call(app, 'GET', 'notification/reset-num-noti', { token: alice.token })).data.count, 0);
  assert.equal((await call(app, 'GET', 'notification/num-noti', { token: alice.token })).data.count, 0);
  assert.equal((await call(app, 'GET', 'notification/num-noti', { token: bob.token })).data.count, 1);
  assert.equal((await call(app, 'GET', 'notification/num-noti')).code, 301);
});
