import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { Db } from '../../db/db.js';
import { testApp, testConfig } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, registerUser } from '../identity/test-support.js';
import { actionForCause, pushToUser, withUserEvents, type UserEvent } from './user-events.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let base: string;

before(async () => {
  ({ db, cleanup } = await testDb());
  // the confirmation job runs every 40 ms and a deposit needs one confirmation, so a credit follows a send quickly
  app = await testApp({ loginSlowdownMs: 0, money: { ...testConfig().money, depositConfirmMs: 40, depositConfirmations: 1 } }, { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
after(async () => {
  await app.close();
  await cleanup();
});

/** The user's positions stream, recording what it receives. */
async function positionsOf(token: string) {
  const socket = new WebSocket(`${base}/ws/positions?token=${encodeURIComponent(token)}`);
  const messages: UserEvent[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as UserEvent));
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  // the server verifies the token after the socket opens; give it the moment it needs to register the socket
  await sleep(100);
  return { socket, messages };
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

test('a deposit received and then credited is pushed to its user’s socket (real mode), and to nobody else', async () => {
  const user = await registerUser(app, db);
  const other = await registerUser(app, db);
  const mine = await positionsOf(user.token);
  const theirs = await positionsOf(other.token);
  const { address } = (await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=TRC20', { token: user.token })).data;
  const sent = await call(app, 'POST', '/dev/chain/send', { body: { address, asset: 'USDT', chain: 'TRC20', amount: '12.5' } });
  assert.equal(sent.code, 0, sent.msg);
  const id = sent.data.deposit.id as string;

  // the credit and its notification are two messages sent after one commit: wait for both, not just the first to arrive
  await until(() => mine.messages.some((m) => m.action === 'DEPOSIT' && m.cause === 'deposit'), 'the credit push');
  await until(() => mine.messages.some((m) => m.action === 'NOTIFICATION' && m.kind === 'deposit.credited'), 'the notification push');
  assert.deepEqual(mine.messages.find((m) => m.action === 'DEPOSIT' && m.status === 'in_progress'), { action: 'DEPOSIT', mode: 'real', id, status: 'in_progress' });
  assert.deepEqual(mine.messages.find((m) => m.cause === 'deposit'), { action: 'DEPOSIT', mode: 'real', cause: 'deposit', id });
  // by the time the push arrives the credit is committed: the balance the client refetches already shows it
  const overview = await call(app, 'POST', 'account/list', { token: user.token });
  assert.equal(overview.code, 0, overview.msg);
  assert.match(JSON.stringify(overview.data), /12\.5/);
  assert.deepEqual(theirs.messages, []);
  mine.socket.close();
  theirs.socket.close();
});

test('a demo transfer pushes in demo mode', async () => {
  const user = await registerUser(app, db);
  const stream = await positionsOf(user.token);
  const moved = await call(app, 'POST', 'account/transferAsset', {
    token: user.token,
    headers: { usertype: 'demo' },
    body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '5', requestId: 'push-demo-1' },
  });
  assert.equal(moved.code, 0, moved.msg);
  await until(() => stream.messages.some((m) => m.action === 'TRANSFER'), 'the transfer push');
  assert.ok(stream.messages.filter((m) => m.action === 'TRANSFER').every((m) => m.mode === 'demo'));
  stream.socket.close();
});

test('a push made in a transaction is sent after the commit, once, and never after a rollback', async () => {
  const sent: Array<[string, UserEvent]> = [];
  const events = withUserEvents(db, () => ({ push: (userId, message) => sent.push([userId, message]) }));
  await events.transaction(async (tx) => {
    pushToUser(tx, '7', { action: 'BALANCE', mode: 'real' });
    pushToUser(tx, '7', { action: 'BALANCE', mode: 'real' });
    await tx.transaction(async (nested) => pushToUser(nested, '8', { action: 'LOAN', mode: 'demo' }));
    await tx.query('SELECT 1');
    assert.deepEqual(sent, [], 'nothing before the commit');
  });
  assert.deepEqual(sent, [['7', { action: 'BALANCE', mode: 'real' }], ['8', { action: 'LOAN', mode: 'demo' }]]);

  sent.length = 0;
  await assert.rejects(
    events.transaction(async (tx) => {
      pushToUser(tx, '7', { action: 'BALANCE', mode: 'real' });
      throw new Error('rolled back');
    }),
  );
  assert.deepEqual(sent, []);

  pushToUser(events, '9', { action: 'NOTIFICATION' });
  assert.deepEqual(sent, [['9', { action: 'NOTIFICATION' }]], 'outside a transaction: at once');
  pushToUser(db, '9', { action: 'NOTIFICATION' });
  assert.equal(sent.length, 1, 'a store without pushes ignores them');
});

test('ledger causes map to the client’s push actions', () => {
  assert.deepEqual(
    ['deposit', 'withdrawal', 'transfer', 'convert', 'loan_disburse', 'loan_repay', 'demo_reset'].map(actionForCause),
    ['DEPOSIT', 'WITHDRAW', 'TRANSFER', 'CONVERT', 'LOAN', 'LOAN', 'BALANCE'],
  );
});
