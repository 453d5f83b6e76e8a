import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { balances } from '../ledger/ledger.js';
import { scriptedHarness } from '../trading/test-harness.js';
import { fundSpot, verifyKyc } from '../trading/test-support.js';

const time = manualClock();
const h = scriptedHarness(time.clock);

async function trader() {
  const user = await registerUser(h.app, h.db);
  await verifyKyc(h.db, user.uid);
  await fundSpot(h.db, user.uid, 'USDT', '1000', time.clock());
  const usdt = async () => (await balances(h.db, user.uid, 'real', 'spot')).find((b) => b.asset === 'USDT')!;
  return { ...user, order: (body: Record<string, unknown>) => call(h.app, 'POST', 'contract-spot/create', { token: user.token, body }), usdt };
}

test(`a market order sent ${AT_ONCE} times at once fills once and answers each copy alike`, async () => {
  const user = await trader();
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const body = { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.1', requestId: 'burst-spot-market-1' };
  await sameRequestAtOnce(() => user.order(body));
  assertReused(await user.order({ ...body, quantity: '0.2' }));
  assert.equal((await user.usdt()).available, '990');
  assert.equal((await h.db.query('SELECT 1 FROM spot_orders WHERE user_id = $1', [user.uid])).rows.length, 1);
});

test(`a limit order sent ${AT_ONCE} times at once freezes once and answers each copy alike`, async () => {
  const user = await trader();
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const body = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '95', quantity: '1', requestId: 'burst-spot-limit-1' };
  await sameRequestAtOnce(() => user.order(body));
  assertReused(await user.order({ ...body, price: '96' }));
  const usdt = await user.usdt();
  assert.deepEqual([usdt.available, usdt.frozen], ['905', '95']);
  assert.equal((await h.db.query('SELECT 1 FROM spot_orders WHERE user_id = $1', [user.uid])).rows.length, 1);
});
