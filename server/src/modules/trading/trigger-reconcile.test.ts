import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { testDb } from '../../testing/test-db.js';
import { TriggerBook, type TriggerSpec } from './triggers.js';

let db: Db;
let cleanup: () => Promise<void>;
before(async () => ({ db, cleanup } = await testDb()));
after(async () => cleanup());

const clock = () => new Date('2026-03-09T15:00:00Z');
const book = () => new TriggerBook({ db, clock, tick: () => undefined });
const spec = (ref: string): TriggerSpec => ({ owner: 'spot', ref, mode: 'real', symbol: 'BTCUSDT', direction: 'lte', watch: 'ask', price: '60000' });

test('cluster mode: the owner finds in the database the triggers whose announcement the bus lost, each once', async () => {
  const owner = book();
  const other = book(); // another process, whose 'add' never reached the owner
  await owner.add(db, spec('1'));
  assert.equal(await owner.load(), 1);
  await other.add(db, spec('2'));
  await other.add(db, spec('3'));
  assert.equal(await owner.reconcile(), 2, 'the two triggers placed through the other process join the index');
  assert.equal(await owner.reconcile(), 0, 'once: nothing is added twice');
});
