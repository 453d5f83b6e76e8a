import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../../db/db.js';
import { loadMigrations, migrate } from '../../db/migrate.js';
import { balances, PLATFORM, post, verify, type AccountRef } from '../ledger/ledger.js';
import { drawHold, holdOf } from '../../platform-kit/product/holds.js';
import { userWith } from '../../platform-kit/product/test-support.js';
import { useUnmigratedStore } from '../../testing/test-db.js';
import { SECONDS_STAKE_HOLD, settlementMoves } from './contract.js';

const now = new Date('2026-03-01T09:00:00Z');
let db: Db;
useUnmigratedStore((opened) => (db = opened));

const option = (holder: string, part: 'available' | 'frozen' = 'available'): AccountRef => ({ holder, mode: 'real', wallet: 'option', asset: 'USDT', part });
const optionBalance = async (user: string) => {
  const b = (await balances(db, user, 'real', 'option')).find((r) => r.asset === 'USDT')!;
  return [b.available, b.frozen];
};

test('0058 gives every open seconds contract staked before it a hold; verify holds, and it settles through it', async () => {
  const all = await loadMigrations();
  await migrate(db, all.filter((m) => m.version <= 57));
  const user = await userWith(db, 'legacy-seconds', '0', now);
  await post(db, { key: 'fund', cause: { type: 'deposit', id: user }, moves: [{ from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: option(user), amount: '1000' }] }, now);
  const product = await db.query<{ id: string }>(
    `INSERT INTO seconds_products (symbol, duration_seconds, payout_ratio, min_stake, max_stake, updated_at) VALUES ('LEGACYUSDT', 60, 0.8, 1, 1000, $1) RETURNING id::text AS id`,
    [now],
  );
  const tick = await db.query<{ id: string }>(
    `INSERT INTO seconds_ticks (symbol, feed_time, price, bid, ask, source, recorded_at) VALUES ('LEGACYUSDT', $1, 100, 99.9, 100.1, 'simulated', $1) RETURNING id::text AS id`,
    [now],
  );
  const receipt = await db.query<{ seq: string }>(`INSERT INTO receipts (kind, ref, payload, created_at) VALUES ('seconds-open', 'seconds:legacy', '{}', $1) RETURNING seq::text AS seq`, [now]);
  const contract = await db.query<{ id: string }>(
    `INSERT INTO seconds_contracts (user_id, mode, symbol, direction, product_id, product_version, duration_seconds, payout_ratio, stake, opened_at, expires_at,
       open_tick_id, open_price, open_receipt_seq, request_key)
     VALUES ($1, 'real', 'LEGACYUSDT', 'up', $2, 1, 60, 0.8, 100, $3, $3::timestamptz + interval '60 seconds', $4, 100, $5, 'legacy-seconds-1') RETURNING id::text AS id`,
    [user, product.rows[0]!.id, now, tick.rows[0]!.id, receipt.rows[0]!.seq],
  );
  const id = contract.rows[0]!.id;
  // staked the way seconds contracts staked before 0058: under the request's key, into the frozen part
  await post(db, { key: 'legacy-seconds-1', cause: { type: 'seconds', id }, moves: [{ from: option(user), to: option(user, 'frozen'), amount: '100' }] }, now);
  await migrate(db, all.filter((m) => m.version > 57));

  const hold = await holdOf(db, { kind: 'seconds', id }, SECONDS_STAKE_HOLD);
  assert.deepEqual([hold?.amount, hold?.wallet, hold?.status], ['100', 'option', 'open']);
  assert.deepEqual(await optionBalance(user), ['900', '100'], 'users see the same balances');
  assert.deepEqual((await verify(db)).problems, []);

  // a win draws the whole stake back to available, with 100 × 0.8 from the desk in the same batch
  const moves = settlementMoves({ userId: user, mode: 'real', stake: '100', payoutRatio: '0.8' }, 'win');
  const posted = await drawHold(db, hold!.id, { key: `seconds-settle:${id}`, cause: { type: 'seconds', id }, moves }, now);
  assert.equal(posted.status, 'posted');
  assert.deepEqual(await optionBalance(user), ['1080', '0']);
  assert.deepEqual((await verify(db)).problems, []);
});
