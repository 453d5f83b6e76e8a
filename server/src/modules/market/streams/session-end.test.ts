import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { Db } from '../../../db/db.js';
import { testApp, testConfig } from '../../../testing/app.js';
import { testDb } from '../../../testing/test-db.js';
import { call, manualClock, registerUser } from '../../identity/test-support.js';
import { runCommand } from '../../../ops/all-commands.js';
import { CLOSE_SESSION_ENDED } from './streams.js';

// A positions socket lives as long as its session: logout, a revocation (by this process or, through the sessions
// table, any other), a password change and expiry close it with CLOSE_SESSION_ENDED, and it gets no push after.

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let base: string;
const time = manualClock(Date.parse('2026-03-02T09:00:00Z'));

before(async () => {
  ({ db, cleanup } = await testDb());
  // deposits wait for confirmations that never come (an hour per block): a send pushes DEPOSIT in_progress at once
  app = await testApp({ loginSlowdownMs: 0, sessionTtlHours: 1, money: { ...testConfig().money, depositConfirmMs: 3_600_000 } }, { db, clock: time.clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
after(async () => {
  await app.close();
  await cleanup();
});

async function positionsOf(token: string) {
  const socket = new WebSocket(`${base}/ws/positions?token=${encodeURIComponent(token)}`);
  const messages: { action: string }[] = [];
  let closeCode: number | undefined;
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as { action: string }));
  socket.on('close', (code) => (closeCode = code));
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  await sleep(100); // the server verifies the token after the socket opens
  return { socket, messages, closeCode: () => closeCode };
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A user with a deposit address: a send to it pushes DEPOSIT to the user's sockets, with no session involved. */
async function userWithAddress() {
  const user = await registerUser(app, db);
  const { address } = (await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=TRC20', { token: user.token })).data;
  const deposit = async () => {
    const sent = await call(app, 'POST', '/dev/chain/send', { body: { address, asset: 'USDT', chain: 'TRC20', amount: '1' } });
    assert.equal(sent.code, 0, sent.msg);
  };
  return { ...user, deposit };
}

test('a live session’s socket gets the user’s pushes', async () => {
  const user = await userWithAddress();
  const stream = await positionsOf(user.token);
  await user.deposit();
  await until(() => stream.messages.some((m) => m.action === 'DEPOSIT'), 'the deposit push');
  stream.socket.close();
});

test('logout closes the session’s socket with CLOSE_SESSION_ENDED; nothing is pushed to it after', async () => {
  const user = await userWithAddress();
  const stream = await positionsOf(user.token);
  assert.equal((await call(app, 'POST', 'user/logout', { token: user.token })).code, 0);
  await until(() => stream.closeCode() === CLOSE_SESSION_ENDED, 'the close');
  await user.deposit();
  await sleep(200);
  assert.deepEqual(stream.messages, []);
  assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).code, 301);
});

test('a session revoked in the table by another process: the next push is refused and the socket closed', async () => {
  const user = await userWithAddress();
  const stream = await positionsOf(user.token);
  // what another server process's logout does: the row only, no event reaches this process
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1', [user.uid, time.clock()]);
  await user.deposit();
  await until(() => stream.closeCode() === CLOSE_SESSION_ENDED, 'the close');
  assert.deepEqual(stream.messages, []);
});

test('revoking a session or changing the password closes the other sessions’ sockets', async () => {
  const user = await userWithAddress();
  const second = (await call(app, 'POST', 'user/login', { body: { email: user.email, password: 'secret12' }, ip: '198.51.200.1' })).data.token as string;
  const third = (await call(app, 'POST', 'user/login', { body: { email: user.email, password: 'secret12' }, ip: '198.51.200.2' })).data.token as string;
  const [a, b, c] = [await positionsOf(user.token), await positionsOf(second), await positionsOf(third)];
  const { rows } = await db.query<{ id: string }>('SELECT id::text AS id FROM sessions WHERE user_id = $1 ORDER BY id', [user.uid]);
  const secondId = rows[1]!.id;
  assert.equal((await call(app, 'POST', 'user/revokeSession', { token: user.token, body: { id: secondId } })).code, 0);
  await until(() => b.closeCode() === CLOSE_SESSION_ENDED, 'the revoked session’s close');
  const changed = await call(app, 'POST', 'user/update', { token: user.token, body: { kind: 'password', oldPassword: 'secret12', password: 'secret34' } });
  assert.equal(changed.code, 0, changed.msg);
  await until(() => c.closeCode() === CLOSE_SESSION_ENDED, 'the other session’s close');
  await user.deposit();
  await until(() => a.messages.some((m) => m.action === 'DEPOSIT'), 'the kept session’s push');
  assert.equal(a.closeCode(), undefined);
  assert.deepEqual([b.messages, c.messages], [[], []]);
  a.socket.close();
});

test('an operator’s lock (pnpm ops user:lock) ends the account’s sockets: no push reaches them', async () => {
  const user = await userWithAddress();
  const stream = await positionsOf(user.token);
  await runCommand(['user:lock', user.uid, 'fraud review'], { operator: 'ops-test', db: async () => db, print: () => undefined, clock: time.clock });
  await user.deposit();
  await until(() => stream.closeCode() === CLOSE_SESSION_ENDED, 'the close');
  assert.deepEqual(stream.messages, []);
});

test('an expired session’s socket gets no push and is closed', async () => {
  const user = await userWithAddress();
  const stream = await positionsOf(user.token);
  time.advance(60 * 60_000 + 1); // SESSION_TTL_HOURS = 1
  assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).code, 301);
  await user.deposit();
  await until(() => stream.closeCode() === CLOSE_SESSION_ENDED, 'the close');
  assert.deepEqual(stream.messages, []);
});
