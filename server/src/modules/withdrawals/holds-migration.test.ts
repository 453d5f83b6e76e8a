import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../../db/db.js';
import { loadMigrations, migrate } from '../../db/migrate.js';
import { balances, post, verify } from '../ledger/ledger.js';
import { holdOf } from '../../platform-kit/product/holds.js';
import { userWith } from '../../platform-kit/product/test-support.js';
import { useUnmigratedStore } from '../../testing/test-db.js';
import { rejectWithdrawal } from './review.js';

const now = new Date('2026-03-01T09:00:00Z');
let db: Db;
useUnmigratedStore((opened) => (db = opened));

test('0034 gives every pending withdrawal frozen before it a hold; verify holds, and the withdrawal closes through it', async () => {
  const all = await loadMigrations();
  await migrate(db, all.filter((m) => m.version <= 33));
  const user = await userWith(db, 'legacy', '100', now);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO withdrawals (user_id, asset, chain, address, amount, fee, net_amount, fee_exempt, status, request_key, created_at)
     VALUES ($1, 'USDT', 'TRC20', 'T-address', 40, 1, 39, false, 'pending', 'legacy-1', $2) RETURNING id::text AS id`,
    [user, now],
  );
  const id = rows[0]!.id;
  // frozen the way withdrawals froze before 0034
  await post(db, { key: `withdraw-freeze:${id}`, cause: { type: 'withdrawal', id }, moves: [{ from: { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT' }, to: { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT', part: 'frozen' }, amount: '40' }] }, now);
  await migrate(db, all.filter((m) => m.version > 33));

  const hold = await holdOf(db, { kind: 'withdrawal', id }, 'withdrawal');
  assert.deepEqual([hold?.amount, hold?.status], ['40', 'open']);
  assert.deepEqual((await verify(db)).problems, []);
  const [b] = await balances(db, user, 'real', 'platform');
  assert.deepEqual([b!.available, b!.frozen], ['60', '40']);
  await rejectWithdrawal(db, id, 'ops', 'Address is a known scam', now);
  const [after] = await balances(db, user, 'real', 'platform');
  assert.deepEqual([after!.available, after!.frozen], ['100', '0']);
  assert.deepEqual((await verify(db)).problems, []);
});
