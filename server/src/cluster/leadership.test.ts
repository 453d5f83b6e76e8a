import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { testStore, type TestStore } from '../testing/test-db.js';
import { AdvisoryLeadership, LEADER_LOCK_KEY } from './leadership.js';

// The advisory lock is PostgreSQL's: this file runs in the PostgreSQL suite (TEST_DATABASE_URL), on a database of its own.
let store: TestStore;
before(async () => {
  store = await testStore();
});
after(() => store.cleanup());

const until = async (what: string, check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

test('one leader at a time: a stop hands over, and so does a lost session', async (t) => {
  const url = store.env.DATABASE_URL;
  if (!url) return t.skip('needs TEST_DATABASE_URL');
  const changes: string[] = [];
  const a = new AdvisoryLeadership(url, { pollMs: 50 });
  const b = new AdvisoryLeadership(url, { pollMs: 50 });
  a.onChange((leader) => void changes.push(`a:${leader}`));
  b.onChange((leader) => void changes.push(`b:${leader}`));
  await a.start();
  await b.start();
  assert.equal(a.isLeader, true);
  assert.equal(b.isLeader, false);

  // a graceful stop: a's listeners run (its feed stops) before the lock is released
  await a.stop();
  await until('b leads', () => b.isLeader);
  assert.deepEqual(changes, ['a:true', 'a:false', 'b:true']);

  // a dead session (a killed process, a cut connection): PostgreSQL frees the lock, the next poll takes it
  const c = new AdvisoryLeadership(url, { pollMs: 50 });
  await c.start();
  assert.equal(c.isLeader, false);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // this database's holder only: the PostgreSQL suite runs files side by side, and the cluster test's leader holds
  // the same key in its own database
  await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_locks
     WHERE locktype = 'advisory' AND objid = $1 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [LEADER_LOCK_KEY],
  );
  await admin.end();
  // b notices the lost session and steps down; then one of the two takes the lock at its next poll (b reconnects
  // and polls too, so either may win: what matters is one leader, never two)
  await until('b knows it lost', () => changes.filter((change) => change === 'b:false').length === 1);
  await until('one leader again', () => b.isLeader !== c.isLeader);
  await b.stop();
  await c.stop();
});
