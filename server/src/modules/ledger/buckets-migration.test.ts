import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../../db/db.js';
import { loadMigrations, migrate } from '../../db/migrate.js';
import { useUnmigratedStore } from '../../testing/test-db.js';
import { available, balances, PLATFORM, platformBucket, post, verify, type AccountRef, type Move } from './ledger.js';

const now = new Date('2026-03-02T15:00:00Z');
let db: Db;
useUnmigratedStore((opened) => (db = opened));

const contract = (holder: string): AccountRef => ({ holder, mode: 'real', wallet: 'contract', asset: 'USDT' });
const fees: AccountRef = { holder: PLATFORM, mode: 'real', wallet: 'fees', asset: 'USDT' };
const chain: AccountRef = { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' };

/** A fee charged the way every fill did before 0070: one transfer into the one fee account (written as SQL, as post() now names buckets). */
async function legacyFee(user: string, key: string, amount: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO ledger_batches (idempotency_key, cause_type, cause_id, created_at) VALUES ($1, 'perpetual', $2, $3) RETURNING id`, [key, user, now]);
  await db.query(`INSERT INTO ledger_accounts (holder, mode, wallet, asset, part) VALUES (0, 'real', 'fees', 'USDT', 'available') ON CONFLICT DO NOTHING`);
  await db.query(
    `INSERT INTO ledger_transfers (batch_id, debit_account, credit_account, asset, amount, created_at)
     SELECT $1, u.id, f.id, 'USDT', $3, $4 FROM ledger_accounts u, ledger_accounts f
      WHERE u.holder = $2 AND u.mode = 'real' AND u.wallet = 'contract' AND u.asset = 'USDT' AND u.part = 'available'
        AND f.holder = 0 AND f.mode = 'real' AND f.wallet = 'fees' AND f.asset = 'USDT' AND f.part = 'available'`,
    [rows[0]!.id, user, amount, now],
  );
}

test('0070 keeps the one fee account as bucket 0: every balance and sum is what it was, and new fills spread over buckets', async () => {
  const all = await loadMigrations();
  await migrate(db, all.filter((m) => m.version <= 69));
  for (const user of ['101', '102']) await post(db, { key: `fund:${user}`, cause: { type: 'deposit', id: user }, moves: [{ from: chain, to: contract(user), amount: '50' }] }, now);
  await legacyFee('101', 'legacy-fee-1', '0.25');
  await legacyFee('102', 'legacy-fee-2', '0.5');
  assert.deepEqual((await verify(db)).problems, [], 'at 0069 the ledger verifies');
  assert.equal(await available(db, fees), '0.75');
  const shownBefore = await balances(db, PLATFORM, 'real');
  await migrate(db, all.filter((m) => m.version > 69));

  const rows = await db.query<{ bucket: number; balance: string }>(`SELECT bucket, trim_scale(balance)::text AS balance FROM ledger_accounts WHERE holder = 0 AND wallet = 'fees'`);
  assert.deepEqual(rows.rows, [{ bucket: 0, balance: '0.75' }], 'the account that was is bucket 0, its balance untouched');
  assert.deepEqual(await balances(db, PLATFORM, 'real'), shownBefore, 'the platform\'s balances read the same');
  assert.deepEqual((await verify(db)).problems, []);

  // a user whose fills hash to a bucket other than 0: the new fee goes there, the wallet's sum adds both
  let user = 200;
  const fill = (id: string): Move[] => [{ from: contract(id), to: fees, amount: '0.125' }];
  while (platformBucket(fill(String(user))) === 0) user++;
  await post(db, { key: `fund:${user}`, cause: { type: 'deposit', id: String(user) }, moves: [{ from: chain, to: contract(String(user)), amount: '50' }] }, now);
  await post(db, { key: 'fee-after', cause: { type: 'perpetual', id: String(user) }, moves: fill(String(user)) }, now);
  const after = await db.query<{ bucket: number; balance: string }>(`SELECT bucket, trim_scale(balance)::text AS balance FROM ledger_accounts WHERE holder = 0 AND wallet = 'fees' ORDER BY bucket`);
  assert.deepEqual(after.rows, [{ bucket: 0, balance: '0.75' }, { bucket: platformBucket(fill(String(user))), balance: '0.125' }]);
  assert.equal(await available(db, fees), '0.875');
  // the user's own account is found again (bucket 0), not opened twice
  assert.equal(await available(db, contract(String(user))), '49.875');
  const twice = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_accounts WHERE holder = $1`, [user]);
  assert.equal(twice.rows[0]!.n, 1);
  assert.deepEqual((await verify(db)).problems, []);
});
