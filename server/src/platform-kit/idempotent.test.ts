import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../db/db.js';
import { AppError } from '../http/envelope.js';
import { refuse } from '../http/refuse.js';
import { testDb, type TestStore } from '../testing/test-db.js';
import { AT_ONCE } from '../testing/same-request.js';
import { idempotent, requestIdOf, requestKeyOf, rowOfKey } from './idempotent.js';

// A stand-in for a money-moving call: one row per effect in a table of its own, found again by its request key.
let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
const clock = () => new Date('2026-03-01T09:00:00Z');

before(async () => {
  ({ db, store, cleanup } = await testDb());
  await db.query('CREATE TABLE kit_effects (id bigserial PRIMARY KEY, request_key text NOT NULL UNIQUE, amount text NOT NULL)');
});
after(async () => cleanup());

/** Pays `amount` once per request id; `refuseWith` makes the change refuse instead (after the binding). */
async function pay(requestId: string, amount: string, refuseWith?: 'insufficientBalance', on = db) {
  const call = await idempotent(on, clock, {
    key: { scope: 'kit-pay', userId: '7', mode: 'real', requestId },
    request: { amount },
    replay: rowOfKey<{ id: string; amount: string }>('SELECT id::text AS id, amount FROM kit_effects WHERE request_key = $1'),
  });
  if (call.first !== undefined) return { ...call.first, replayed: true };
  const made = await call.transaction(async (tx) => {
    if (refuseWith) throw refuse(refuseWith);
    return (await tx.query<{ id: string; amount: string }>('INSERT INTO kit_effects (request_key, amount) VALUES ($1, $2) RETURNING id::text AS id, amount', [call.key, amount])).rows[0]!;
  });
  return { ...made, replayed: false };
}

const effects = async (requestId: string) =>
  (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM kit_effects WHERE request_key = $1', [requestKeyOf({ scope: 'kit-pay', userId: '7', mode: 'real', requestId })])).rows[0]!.n;

test('the key: scope, user, account mode and the client request id; the id reads back out of it', () => {
  const key = requestKeyOf({ scope: 'transfer', userId: '42', mode: 'demo', requestId: 'abc_DEF-12345' });
  assert.equal(key, 'transfer:42:demo:abc_DEF-12345');
  assert.notEqual(key, requestKeyOf({ scope: 'transfer', userId: '42', mode: 'real', requestId: 'abc_DEF-12345' }));
  assert.equal(requestIdOf(key), 'abc_DEF-12345');
  // keys written before the mode was part of them
  assert.equal(requestIdOf('spot:42:abc_DEF-12345'), 'abc_DEF-12345');
});

test('a retry answers the first answer and changes nothing', async () => {
  const first = await pay('retry-00001', '10');
  const again = await pay('retry-00001', '10');
  assert.deepEqual([first.replayed, again.replayed], [false, true]);
  assert.equal(again.id, first.id);
  assert.equal(await effects('retry-00001'), '1');
});

test('the same key with another body is refused with requestIdReused, before anything runs', async () => {
  await pay('reused-0001', '10');
  await assert.rejects(pay('reused-0001', '11'), (e: unknown) => e instanceof AppError && e.reason === 'requestIdReused');
  assert.equal(await effects('reused-0001'), '1');
});

test(`${AT_ONCE} copies at once: one effect, and each copy answers it`, async () => {
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => pay('burst-00001', '10')));
  assert.equal(await effects('burst-00001'), '1');
  assert.equal(new Set(answers.map((a) => a.id)).size, 1);
  assert.equal(answers.filter((a) => !a.replayed).length >= 1, true);
});

test('copies at once with two bodies: one effect; the other body is refused', async () => {
  const bodies = ['10', '99', '10'];
  const outcomes = await Promise.allSettled(bodies.map((amount) => pay('mixed-00001', amount)));
  assert.equal(await effects('mixed-00001'), '1');
  // whichever body binds first wins (on PostgreSQL the '99' may); every copy with the other body is refused
  const won = (await db.query<{ amount: string }>('SELECT amount FROM kit_effects WHERE request_key = $1', [requestKeyOf({ scope: 'kit-pay', userId: '7', mode: 'real', requestId: 'mixed-00001' })])).rows[0]!.amount;
  outcomes.forEach((o, i) => {
    if (bodies[i] === won) assert.equal(o.status, 'fulfilled');
    else assert.equal(o.status === 'rejected' && (o.reason as AppError).reason, 'requestIdReused');
  });
});

test('a refused change leaves no binding: the key may carry another request afterwards', async () => {
  await assert.rejects(pay('refused-001', '10', 'insufficientBalance'), (e: unknown) => e instanceof AppError && e.reason === 'insufficientBalance');
  assert.equal((await db.query('SELECT 1 FROM request_fingerprints WHERE request_key LIKE $1', ['%:refused-001'])).rows.length, 0);
  const paid = await pay('refused-001', '5');
  assert.deepEqual([paid.amount, await effects('refused-001')], ['5', '1']);
});

test('copies from two processes at once meet at the binding: one effect, each answers it', async (t) => {
  if (store.kind === 'pglite') return t.skip('one PGlite folder is opened by one process only');
  // a second pool on the same database, as a second server process has: its copies do not queue in this one
  const other = await store.open();
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => pay('two-procs-1', '10', undefined, i % 2 ? other : db)));
  assert.equal(await effects('two-procs-1'), '1');
  assert.equal(new Set(answers.map((a) => a.id)).size, 1);
  await other.close();
});
