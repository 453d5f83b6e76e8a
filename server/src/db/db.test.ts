import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { listAudit, recordAudit } from '../modules/audit/storage.js';
import { testStore, type TestStore } from '../testing/test-db.js';
import type { Db } from './db.js';
import { loadMigrations, migrate } from './migrate.js';

let store: TestStore;
before(async () => {
  store = await testStore();
});
after(() => store.cleanup());

test('migrations apply once, and a restart on the same store applies nothing', async () => {
  const all = await loadMigrations();
  assert.equal(all[0]?.name, '0001_foundation');
  const first = await store.open();
  assert.deepEqual(await migrate(first), all.map((m) => m.name));
  assert.deepEqual(await migrate(first), []);
  await first.close();

  const second = await store.open();
  assert.deepEqual(await migrate(second), []);
  const { rows } = await second.query('SELECT version, name FROM schema_migrations ORDER BY version');
  assert.deepEqual(rows, all.map((m) => ({ version: m.version, name: m.name })));
  await second.close();
});

describe('on a migrated store', () => {
  let db: Db;
  before(async () => {
    db = await store.open();
    await migrate(db);
  });
  after(() => db.close());

  test('a failing migration rolls back entirely and is not recorded', async () => {
    const broken = { version: 9001, name: '9001_broken', sql: 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;' };
    await assert.rejects(migrate(db, [broken]), /no_such_table/);
    const { rows } = await db.query("SELECT to_regclass('half_done') AS t, (SELECT count(*) FROM schema_migrations WHERE version = 9001) AS n");
    assert.deepEqual(rows, [{ t: null, n: '0' }]);
  });

  test('audit_log is append-only', async () => {
    await recordAudit(db, { actor: 'alice', action: 'product.configure', target: 'fund:7', detail: { rate: '0.05' } });
    await recordAudit(db, { actor: 'bob', action: 'withdrawal.approve' });
    const [newest, older] = await listAudit(db, 10);
    assert.equal(newest?.actor, 'bob');
    assert.equal(newest?.target, null);
    assert.deepEqual(older?.detail, { rate: '0.05' });

    await assert.rejects(db.query("UPDATE audit_log SET actor = 'mallory'"), /append-only: UPDATE refused/);
    await assert.rejects(db.query('DELETE FROM audit_log'), /append-only: DELETE refused/);
    await assert.rejects(db.query('TRUNCATE audit_log'), /append-only: TRUNCATE refused/);
    assert.equal((await listAudit(db, 10)).length, 2);
  });

  test('both stores return the same types: int8 and numeric as strings, timestamptz as Date, jsonb parsed', async () => {
    const { rows } = await db.query<{ big: string; money: string; at: Date; doc: unknown; small: number }>(
      `SELECT 9007199254740993::int8 AS big, 0.1::numeric + 0.2::numeric AS money, now() AS at, '{"a":[1]}'::jsonb AS doc, 7::int4 AS small`,
    );
    const row = rows[0]!;
    assert.equal(row.big, '9007199254740993');
    assert.equal(row.money, '0.3');
    assert.ok(row.at instanceof Date);
    assert.deepEqual(row.doc, { a: [1] });
    assert.equal(row.small, 7);
  });

  test('a transaction commits on success, rolls back on error, and nested calls join it', async () => {
    const count = async (to: string) =>
      (await db.query<{ n: string }>('SELECT count(*) AS n FROM dev_outbox WHERE recipient = $1', [to])).rows[0]?.n;
    const insert = (tx: Db, to: string) =>
      tx.query("INSERT INTO dev_outbox (channel, recipient, body) VALUES ('sms', $1, 'x')", [to]);

    await db.transaction(async (tx) => {
      await insert(tx, 'committed');
      await tx.transaction((inner) => insert(inner, 'committed'));
    });
    await assert.rejects(
      db.transaction(async (tx) => {
        await insert(tx, 'rolled-back');
        await tx.transaction((inner) => insert(inner, 'rolled-back'));
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(await count('committed'), '2');
    assert.equal(await count('rolled-back'), '0');
  });

  test("a query issued while another caller's transaction is open is not swept into it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((resolve) => (inserted = resolve));

    const failing = db.transaction(async (tx) => {
      await tx.query("INSERT INTO dev_outbox (channel, recipient, body) VALUES ('sms', 'inside', 'x')");
      inserted();
      await gate;
      throw new Error('roll back');
    });
    await insertedInTx;
    const outside = db.query("INSERT INTO dev_outbox (channel, recipient, body) VALUES ('sms', 'outside', 'x')");
    release();
    await assert.rejects(failing, /roll back/);
    await outside;

    const { rows } = await db.query<{ recipient: string }>(
      "SELECT recipient FROM dev_outbox WHERE recipient IN ('inside', 'outside')",
    );
    assert.deepEqual(rows, [{ recipient: 'outside' }]);
  });
});
