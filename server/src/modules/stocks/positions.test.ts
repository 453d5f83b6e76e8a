import assert from 'node:assert/strict';
import { test } from 'node:test';
import { balances } from '../ledger/ledger.js';
import { scriptedHarness } from '../trading/test-harness.js';
import { deliverShares } from './positions.js';

const NOW = Date.parse('2026-03-10T15:00:00Z');
const h = scriptedHarness(() => new Date(NOW));

const delivery = {
  userId: '9001', mode: 'real' as const, book: 'stock' as const, symbol: 'AAPL:NASDAQ', shares: '10', price: '150.25', priceCurrency: 'USD' as const,
  rate: '0.9995', rateVersion: 1, cause: { type: 'ipo-allocation', id: '7' }, key: 'ipo-allocation:7:9001',
};

test('deliverShares: moves the shares from the broker into the stock wallet and adds their cost, once per key', async () => {
  const first = await h.db.transaction((tx) => deliverShares(tx, delivery, new Date(NOW)));
  const again = await h.db.transaction((tx) => deliverShares(tx, delivery, new Date(NOW)));
  assert.equal(first.delivered, true);
  assert.deepEqual(again, { delivered: false, deliveryId: first.deliveryId });
  const held = (await balances(h.db, '9001', 'real')).find((b) => b.asset === 'AAPL:NASDAQ');
  assert.equal(held?.wallet, 'stock');
  assert.equal(held?.available, '10');
  const { rows } = await h.db.query<{ shares: string; cost_local: string; cost_usdt: string }>(
    "SELECT shares::text, cost_local::text, cost_usdt::text FROM stock_positions WHERE user_id = '9001'",
  );
  assert.equal(Number(rows.length), 1);
  assert.equal(rows[0]!.shares.replace(/\.?0+$/, ''), '10');
  assert.equal(rows[0]!.cost_local.replace(/\.?0+$/, ''), '1502.5');
  // 1502.5 × 0.9995, exactly
  assert.equal(rows[0]!.cost_usdt.replace(/\.?0+$/, ''), '1501.74875');
});

test('deliverShares: a USDT price keeps the USDT cost exact; a second delivery averages in; day trading has its own wallet', async () => {
  await h.db.transaction((tx) => deliverShares(tx, { ...delivery, key: 'k2', priceCurrency: 'USDT', price: '100', shares: '5' }, new Date(NOW)));
  await h.db.transaction((tx) => deliverShares(tx, { ...delivery, key: 'k3', book: 'dayTrading', shares: '2' }, new Date(NOW)));
  const all = await balances(h.db, '9001', 'real');
  assert.equal(all.find((b) => (b.wallet as string) === 'stock' && b.asset === 'AAPL:NASDAQ')?.available, '15');
  assert.equal(all.find((b) => (b.wallet as string) === 'dayTrading' && b.asset === 'AAPL:NASDAQ')?.available, '2');
  const { rows } = await h.db.query<{ cost_usdt: string }>("SELECT cost_usdt::text FROM stock_positions WHERE user_id = '9001' AND book = 'stock'");
  assert.equal(rows[0]!.cost_usdt.replace(/\.?0+$/, ''), '2001.74875');
});

test('deliverShares: refuses a symbol on no stock venue, fractional shares and a price in another currency', async () => {
  await assert.rejects(h.db.transaction((tx) => deliverShares(tx, { ...delivery, key: 'x1', symbol: 'BTCUSDT' }, new Date(NOW))));
  await assert.rejects(h.db.transaction((tx) => deliverShares(tx, { ...delivery, key: 'x2', shares: '1.5' }, new Date(NOW))));
  await assert.rejects(h.db.transaction((tx) => deliverShares(tx, { ...delivery, key: 'x3', priceCurrency: 'JPY' }, new Date(NOW))));
});
