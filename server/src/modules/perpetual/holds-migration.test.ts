import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../../db/db.js';
import { loadMigrations, migrate } from '../../db/migrate.js';
import { Dec } from '../ledger/decimal.js';
import { balances, PLATFORM, post, verify, type AccountRef } from '../ledger/ledger.js';
import { findHold, holdOf } from '../../platform-kit/product/holds.js';
import { userWith } from '../../platform-kit/product/test-support.js';
import { useUnmigratedStore } from '../../testing/test-db.js';
import { drawForFill, releaseOrderHold } from './order-hold.js';
import { orderById } from './order-storage.js';
import { PERP_ORDER_HOLD, PERP_ORDER_REFERENCE } from './settlement.js';

const now = new Date('2026-03-02T15:00:00Z');
let db: Db;
useUnmigratedStore((opened) => (db = opened));

const contract = (holder: string, part: 'available' | 'frozen' = 'available'): AccountRef => ({ holder, mode: 'real', wallet: 'contract', asset: 'USDT', part });
const shown = async (user: string) => {
  const b = (await balances(db, user, 'real', 'contract')).find((r) => r.asset === 'USDT')!;
  return [b.available, b.frozen];
};

async function legacyOrder(user: string, key: string, held: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO perp_orders (user_id, mode, symbol, side, type, status, price, quantity, leverage, margin_mode, position_mode, held, margin, fee,
       maker_fee_rate, taker_fee_rate, price_decimals, maintenance_tiers, terms_version, request_key, created_at)
     VALUES ($1, 'real', 'BTCUSDT', 'long', 'limit', 'pending', 60000, 0.1, 10, 'isolated', 'merge', $2, 600, 1.2, 0.0002, 0.0005, 2, '[]', 1, $3, $4)
     RETURNING id::text AS id`,
    [user, held, key, now],
  );
  return rows[0]!.id;
}

test('0069 gives every pending perpetual order holding money before it a hold; frozen is then positions only; it fills and cancels through the hold', async () => {
  const all = await loadMigrations();
  await migrate(db, all.filter((m) => m.version <= 68));
  const user = await userWith(db, 'legacy-perp', '0', now);
  await post(db, { key: 'fund', cause: { type: 'deposit', id: user }, moves: [{ from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: contract(user), amount: '2000' }] }, now);
  // two resting limits, each holding margin 600 + fee 1.2, frozen the way perpetual froze before 0069
  const a = await legacyOrder(user, 'legacy-a', '601.2');
  const b = await legacyOrder(user, 'legacy-b', '601.2');
  for (const id of [a, b]) await post(db, { key: `legacy-a-freeze:${id}`, cause: { type: 'perpetual', id }, moves: [{ from: contract(user), to: contract(user, 'frozen'), amount: '601.2' }] }, now);
  assert.deepEqual((await verify(db)).problems, [], 'at 0068 the frozen part is the orders\' held');
  const before = await shown(user);
  assert.deepEqual(before, ['797.6', '1202.4']);
  await migrate(db, all.filter((m) => m.version > 68));

  const holdA = await holdOf(db, { kind: PERP_ORDER_REFERENCE, id: a }, PERP_ORDER_HOLD);
  assert.deepEqual([holdA?.wallet, holdA?.asset, holdA?.amount, holdA?.status], ['contract', 'USDT', '601.2', 'open']);
  const orderA = (await orderById(db, a))!;
  assert.equal(orderA.holdId, holdA!.id);
  assert.deepEqual(await shown(user), before, 'users see the same balances');
  const leftFrozen = await db.query(`SELECT 1 FROM ledger_accounts WHERE holder = $1 AND part = 'frozen' AND balance <> 0`, [user]);
  assert.equal(leftFrozen.rows.length, 0, 'nothing is left in the old frozen part');
  assert.deepEqual((await verify(db)).problems, []);

  // A fills as maker at a better price: margin 600 + fee 1.1 into the frozen part (a position's, in the engine),
  // 0.1 saved back; B is cancelled: its hold comes back whole
  await db.transaction(async (tx) => {
    await drawForFill(tx, orderA, { toFrozen: new Dec('601.1'), back: new Dec('0.1') }, `perp-limit-saved:${a}`, now);
    // what the engine does beside it: the position holds the margin, the fee is charged to the platform
    await tx.query(
      `INSERT INTO perp_positions (user_id, mode, symbol, side, status, quantity, entry_price, leverage, margin_mode, margin, peak_margin, parent_order_id,
         taker_fee_rate, price_decimals, maintenance_tiers, terms_version, opened_at)
       VALUES ($1, 'real', 'BTCUSDT', 'long', 'open', 0.1, 59990, 10, 'isolated', 600, 600, $2, 0.0005, 2, '[]', 1, $3)`,
      [user, a, now],
    );
    await post(tx, { key: `perp-limit-fill:${a}`, cause: { type: 'perpetual', id: a }, moves: [{ from: contract(user, 'frozen'), to: { holder: PLATFORM, mode: 'real', wallet: 'fees', asset: 'USDT' }, amount: '1.1' }] }, now);
    await tx.query(`UPDATE perp_orders SET status = 'completed', held = 0, done_quantity = 0.1, done_at = $2 WHERE id = $1`, [a, now]);
  });
  assert.equal((await findHold(db, holdA!.id))!.status, 'posted');
  await releaseOrderHold(db, (await orderById(db, b))!, `perp-cancel:${b}`, now);
  assert.equal((await findHold(db, (await orderById(db, b))!.holdId!))!.status, 'released');
  await db.query(`UPDATE perp_orders SET status = 'canceled', held = 0, done_at = $2 WHERE id = $1`, [b, now]);
  assert.deepEqual(await shown(user), ['1398.9', '600'], 'B came back whole, A\'s 0.1 saved; the position holds 600');
  assert.deepEqual((await verify(db)).problems, [], 'held = open holds, frozen = the position\'s margin');
});
