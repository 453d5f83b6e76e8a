import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { createOutbox, type Outbox } from './service.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let outbox: Outbox;

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({}, { db });
  outbox = createOutbox(db, { production: false, log: app.log });
  await outbox.sendMessage({ channel: 'email', to: 'Ann@Example.com', subject: 'Verification code', body: 'Your code is 4821' });
  await outbox.sendMessage({ channel: 'sms', to: '+33611223344', subject: '', body: 'Code 1934' });
  await outbox.sendMessage({ channel: 'email', to: 'ann@example.com', subject: 'Password reset', body: 'Your code is 7710' });
  await outbox.sendMessage({ channel: 'email', to: 'ann@example.com.evil', subject: 'x', body: 'not for Ann' });
});
after(async () => {
  await app.close();
  await cleanup();
});

const list = async (query = '') => {
  const response = await app.inject({ method: 'GET', url: `/dev/outbox${query}` });
  assert.equal(response.statusCode, 200);
  const body = response.json();
  assert.equal(body.code, 0);
  return body.data as { id: string; channel: string; to: string; subject: string; body: string; createdAt: string }[];
};

test('GET /dev/outbox lists messages newest first', async () => {
  const messages = await list();
  assert.deepEqual(
    messages.map((m) => m.body),
    ['not for Ann', 'Your code is 7710', 'Code 1934', 'Your code is 4821'],
  );
  const { id, createdAt, ...reset } = messages[1]!;
  assert.match(id, /^\d+$/);
  assert.ok(!Number.isNaN(Date.parse(createdAt)));
  assert.deepEqual(reset, { channel: 'email', to: 'ann@example.com', subject: 'Password reset', body: 'Your code is 7710' });
  assert.equal(messages[2]?.channel, 'sms');
});

test('?to= matches the recipient exactly, ignoring case', async () => {
  assert.deepEqual(
    (await list('?to=ANN%40example.com')).map((m) => m.body),
    ['Your code is 7710', 'Your code is 4821'],
  );
  assert.deepEqual((await list('?to=%2B33611223344')).map((m) => m.body), ['Code 1934']);
  assert.deepEqual(await list('?to=nobody%40example.com'), []);
  assert.equal((await list('?limit=1')).length, 1);
});

test('sendMessage refuses an empty recipient', async () => {
  await assert.rejects(outbox.sendMessage({ channel: 'sms', to: '  ', subject: '', body: 'x' }), /recipient is empty/);
});

test('in production the route does not exist, nothing is stored, and a message without a provider is refused', async () => {
  const production = await testApp({ production: true }, { db });
  try {
    const response = await production.inject({ method: 'GET', url: '/dev/outbox' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { code: 404, msg: 'Not found: GET /dev/outbox', reason: 'notFound', data: null });

    const before = (await list()).length;
    const productionOutbox = createOutbox(db, { production: true, log: production.log });
    // Without a provider nothing can go out: the caller is told, and the dev outbox keeps nothing either.
    assert.equal(await productionOutbox.sendMessage({ channel: 'email', to: 'ann@example.com', subject: 'Code', body: '1111' }), 'refused');
    assert.equal((await list()).length, before);
  } finally {
    await production.close();
  }
});
