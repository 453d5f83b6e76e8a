import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../../db/db.js';
import { loadMigrations, migrate } from '../../db/migrate.js';
import { Dec } from '../ledger/decimal.js';
import { balances, PLATFORM, post, verify, type AccountRef } from '../ledger/ledger.js';
import { drawHold, findHold, holdOf, releaseHold } from '../../platform-kit/product/holds.js';
import { userWith } from '../../platform-kit/product/test-support.js';
import { useUnmigratedStore } from '../../testing/test-db.js';
import { fillMoves, SPOT_CONDITIONAL_HOLD, SPOT_ORDER_HOLD } from './accounts.js';
import { findOrder } from './storage.js';

const now = new Date('2026-03-01T09:00:00Z');
let db: Db;
useUnmigratedStore((opened) => (db = opened));

const spot = (holder: string, asset: string, part: 'available' | 'frozen' = 'available'): AccountRef => ({ holder, mode: 'real', wallet: 'spot', asset, part });
const spotBalance = async (user: string, asset: string) => {
  const b = (await balances(db, user, 'real', 'spot')).find((r) => r.asset === asset)!;
  return [b.available, b.frozen];
};

test('0057 gives every open spot order and conditional frozen before it a hold; verify holds, and they fill and release through it', async () => {
  const all = await loadMigrations();
  await migrate(db, all.filter((m) => m.version <= 56));
  const user = await userWith(db, 'legacy-spot', '0', now);
  await post(db, { key: 'fund', cause: { type: 'deposit', id: user }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: spot(user, 'USDT'), amount: '1000' },
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'BTC' }, to: spot(user, 'BTC'), amount: '1' },
  ] }, now);
  // a limit buy of 2 at 100, half filled, and an OCO sell of 0.5 BTC: frozen the way spot froze before 0057
  const order = await db.query<{ id: string }>(
    `INSERT INTO spot_orders (user_id, mode, symbol, base, quote, side, type, status, price, quantity, done_quantity, done_value, fee_asset, frozen_asset,
       frozen, maker_fee_rate, taker_fee_rate, price_decimals, amount_decimals, terms_version, request_key, created_at, updated_at)
     VALUES ($1, 'real', 'BTCUSDT', 'BTC', 'USDT', 'buy', 'limit', 'pending', 100, 2, 1, 100, 'BTC', 'USDT', 100, 0.0008, 0.001, 2, 5, 1, 'legacy-order', $2, $2)
     RETURNING id::text AS id`,
    [user, now],
  );
  const orderId = order.rows[0]!.id;
  await post(db, { key: `spot-freeze:${orderId}`, cause: { type: 'spot-order', id: orderId }, moves: [{ from: spot(user, 'USDT'), to: spot(user, 'USDT', 'frozen'), amount: '100' }] }, now);
  const group = await db.query<{ id: string }>(
    `INSERT INTO spot_conditionals (user_id, mode, kind, side, symbol, base, quote, quantity, take_profit_price, stop_price, status, frozen, price_decimals, amount_decimals, request_key, created_at, updated_at)
     VALUES ($1, 'real', 'oco', 'sell', 'BTCUSDT', 'BTC', 'USDT', 0.5, 110, 90, 'pending', 0.5, 2, 5, 'legacy-oco', $2, $2) RETURNING id::text AS id`,
    [user, now],
  );
  const groupId = group.rows[0]!.id;
  await post(db, { key: `spot-conditional-freeze:${groupId}`, cause: { type: 'spot-conditional', id: groupId }, moves: [{ from: spot(user, 'BTC'), to: spot(user, 'BTC', 'frozen'), amount: '0.5' }] }, now);
  const before = [await spotBalance(user, 'USDT'), await spotBalance(user, 'BTC')];
  await migrate(db, all.filter((m) => m.version > 56));

  const orderHold = await holdOf(db, { kind: 'spot-order', id: orderId }, SPOT_ORDER_HOLD);
  const groupHold = await holdOf(db, { kind: 'spot-conditional', id: groupId }, SPOT_CONDITIONAL_HOLD);
  assert.deepEqual([orderHold?.amount, orderHold?.asset, orderHold?.status], ['100', 'USDT', 'open']);
  assert.deepEqual([groupHold?.amount, groupHold?.asset, groupHold?.status], ['0.5', 'BTC', 'open']);
  const migrated = (await findOrder(db, { id: orderId }))!;
  assert.equal(migrated.holdId, orderHold!.id);
  assert.deepEqual([await spotBalance(user, 'USDT'), await spotBalance(user, 'BTC')], before, 'users see the same balances');
  assert.deepEqual(before, [['900', '100'], ['0.5', '0.5']]);
  const leftFrozen = await db.query(`SELECT 1 FROM ledger_accounts WHERE holder = $1 AND part = 'frozen' AND balance <> 0`, [user]);
  assert.equal(leftFrozen.rows.length, 0, 'nothing is left in the old frozen part');
  assert.deepEqual((await verify(db)).problems, []);

  // the rest of the order fills at 99 (maker fee 0.0008 BTC): paid from its hold, the improvement back to available
  const { moves } = fillMoves(migrated, { quantity: new Dec(1), value: new Dec(99) }, new Dec('0.0008'));
  const drawn = await drawHold(db, migrated.holdId!, { key: `spot-fill:${orderId}:2`, cause: { type: 'spot-fill', id: orderId }, moves }, now);
  assert.deepEqual([drawn.status, drawn.drawn], ['posted', '100']);
  assert.deepEqual(await spotBalance(user, 'USDT'), ['901', '0']);
  // the OCO is cancelled: its hold goes back once, under the key spot always used
  await releaseHold(db, groupHold!.id, now, { ledgerKey: `spot-conditional-release:${groupId}` });
  assert.equal((await findHold(db, groupHold!.id))!.status, 'released');
  assert.deepEqual(await spotBalance(user, 'BTC'), ['1.9992', '0']);
  assert.deepEqual((await verify(db)).problems, []);
});
