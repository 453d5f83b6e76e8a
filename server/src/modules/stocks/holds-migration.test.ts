import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../../db/db.js';
import { loadMigrations, migrate } from '../../db/migrate.js';
import { Dec } from '../ledger/decimal.js';
import { balances, PLATFORM, post, verify, type AccountRef } from '../ledger/ledger.js';
import { drawHold, findHold, holdOf, releaseHold } from '../../platform-kit/product/holds.js';
import { userWith } from '../../platform-kit/product/test-support.js';
import { useUnmigratedStore } from '../../testing/test-db.js';
import { execution, executionMoves, STOCK_ORDER_HOLD, STOCK_ORDER_REFERENCE } from './order-money.js';
import { findOrder } from './order-storage.js';

const now = new Date('2026-03-02T15:00:00Z');
const AAPL = 'AAPL:NASDAQ';
let db: Db;
useUnmigratedStore((opened) => (db = opened));

// the accounts as stocks used them before 0067 (a 'frozen' part); the wallets are the stocks' own ledger wallets
const account = (holder: string, wallet: string, asset: string, part: 'available' | 'frozen' = 'available'): AccountRef =>
  ({ holder, mode: 'real', wallet: wallet as AccountRef['wallet'], asset, part });
const shown = async (user: string, wallet: string, asset: string) => {
  const b = (await balances(db, user, 'real', wallet as never)).find((r) => r.asset === asset)!;
  return [b.available, b.frozen];
};

async function legacyOrder(user: string, o: { book: string; side: string; frozenAsset: string; frozen: string; price: string; shares: string; key: string }) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO stock_orders (user_id, mode, book, symbol, venue, currency, side, type, time_in_force, status, price, shares, fee_rate, rate, rate_version,
       frozen, frozen_asset, request_key, created_at, updated_at, fee_terms_version_id, fee_terms_version, taker_fee_rate, maker_fee_rate)
     SELECT $1, 'real', $2, $3, 'US', 'USD', $4, 'limit', 'GTC', 'pending', $5, $6, 0.0008, 1, 1, $7, $8, $9, $10, $10, t.id, 1, 0.001, 0.0008
       FROM product_terms t WHERE t.product_kind = 'stock-fees' AND t.version = 1
     RETURNING id::text AS id`,
    [user, o.book, AAPL, o.side, o.price, o.shares, o.frozen, o.frozenAsset, o.key, now],
  );
  return rows[0]!.id;
}

test('0067 gives every resting stock order frozen before it a hold in the same wallet; verify holds, and they fill and release through it', async () => {
  const all = await loadMigrations();
  await migrate(db, all.filter((m) => m.version <= 66));
  const user = await userWith(db, 'legacy-stock', '0', now);
  const chain = (asset: string): AccountRef => ({ holder: PLATFORM, mode: 'real', wallet: 'chain', asset });
  await post(db, { key: 'fund', cause: { type: 'deposit', id: user }, moves: [
    { from: chain('USDT'), to: account(user, 'spot', 'USDT'), amount: '1000' },
    { from: chain(AAPL), to: account(user, 'dayTrading', AAPL), amount: '5' },
  ] }, now);
  // an ordinary limit buy of 2 at 200 holding 400.32 USDT (value + fee at 0.0008) and a day-trading sell of 3
  // shares, frozen the way stocks froze before 0067
  const buyId = await legacyOrder(user, { book: 'stock', side: 'buy', frozenAsset: 'USDT', frozen: '400.32', price: '200', shares: '2', key: 'legacy-buy' });
  await post(db, { key: `stock-freeze:${buyId}`, cause: { type: 'stock-order', id: buyId }, moves: [{ from: account(user, 'spot', 'USDT'), to: account(user, 'spot', 'USDT', 'frozen'), amount: '400.32' }] }, now);
  const sellId = await legacyOrder(user, { book: 'dayTrading', side: 'sell', frozenAsset: AAPL, frozen: '3', price: '210', shares: '3', key: 'legacy-sell' });
  await post(db, { key: `stock-freeze:${sellId}`, cause: { type: 'stock-order', id: sellId }, moves: [{ from: account(user, 'dayTrading', AAPL), to: account(user, 'dayTrading', AAPL, 'frozen'), amount: '3' }] }, now);
  const before = [await shown(user, 'spot', 'USDT'), await shown(user, 'dayTrading', AAPL)];
  assert.deepEqual(before, [['599.68', '400.32'], ['2', '3']]);
  await migrate(db, all.filter((m) => m.version > 66));

  const buyHold = await holdOf(db, { kind: STOCK_ORDER_REFERENCE, id: buyId }, STOCK_ORDER_HOLD);
  const sellHold = await holdOf(db, { kind: STOCK_ORDER_REFERENCE, id: sellId }, STOCK_ORDER_HOLD);
  assert.deepEqual([buyHold?.wallet, buyHold?.asset, buyHold?.amount, buyHold?.status], ['spot', 'USDT', '400.32', 'open']);
  assert.deepEqual([sellHold?.wallet, sellHold?.asset, sellHold?.amount, sellHold?.status], ['dayTrading', AAPL, '3', 'open']);
  const buy = (await findOrder(db, { id: buyId }))!;
  assert.equal(buy.holdId, buyHold!.id);
  assert.equal((await findOrder(db, { id: sellId }))!.holdId, sellHold!.id);
  assert.deepEqual([await shown(user, 'spot', 'USDT'), await shown(user, 'dayTrading', AAPL)], before, 'users see the same balances');
  const leftFrozen = await db.query(`SELECT 1 FROM ledger_accounts WHERE holder = $1 AND part = 'frozen' AND balance <> 0`, [user]);
  assert.equal(leftFrozen.rows.length, 0, 'nothing is left in the old frozen part');
  assert.deepEqual((await verify(db)).problems, []);

  // the buy fills whole at 199 as maker: value 398 + fee 0.3184 from its hold, the rest of the hold back to available
  const e = execution('199', new Dec(2), buy.rate, buy.makerFeeRate, 'buy');
  const moves = executionMoves(buy, e, new Dec(buy.frozen));
  const drawn = await drawHold(db, buy.holdId!, { key: `stock-fill:${buyId}:1`, cause: { type: 'stock-fill', id: buyId }, moves }, now);
  assert.deepEqual([drawn.status, drawn.drawn], ['posted', '400.32']);
  assert.deepEqual(await shown(user, 'spot', 'USDT'), ['601.6816', '0']);
  // the sell is cancelled: its shares go back once
  await releaseHold(db, sellHold!.id, now);
  assert.equal((await findHold(db, sellHold!.id))!.status, 'released');
  assert.deepEqual(await shown(user, 'dayTrading', AAPL), ['5', '0']);
  assert.deepEqual((await verify(db)).problems, []);
});
