import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand } from '../../ops/all-commands.js';
import { PLATFORM, post } from '../ledger/ledger.js';
import { perpetualHarness } from './test-support.js';

// An operator's change of an instrument's terms (`pnpm ops trading:instrument-set`) applies to the next order at once,
// whichever process made it: the order reads the terms from the database in its transaction. The change here is made
// on the database directly, as `pnpm ops` from another process does: nothing tells the app's copy in memory, and no
// one reads `contract/config` in between.
const h = perpetualHarness();

const instrumentSet = (...args: string[]) =>
  runCommand(['trading:instrument-set', 'BTCUSDT', ...args], { operator: 'ops-test', db: async () => h.db, print: () => undefined, clock: h.time.clock });

test('a change of leverages and fee applies to the very next perpetual order, without anyone reading contract/config', async () => {
  const user = await h.trader('10000');
  await h.tick({ bid: '49999', ask: '50000', last: '50000' });
  const before = await user.open({ side: 'long', quantity: '0.1', leverage: 10 });
  assert.equal(before.code, 0, before.msg);
  assert.equal(before.data.order.fee, '5', '5,000 notional × 0.1 % taker');

  await instrumentSet('--taker', '0.002', '--leverages', '1,2,5');
  const refused = await user.open({ side: 'long', quantity: '0.1', leverage: 10 });
  assert.equal(refused.reason, 'leverageNotOffered', '10× is no longer offered');
  const after = await user.open({ side: 'long', quantity: '0.1', leverage: 5 });
  assert.equal(after.code, 0, after.msg);
  assert.deepEqual([after.data.order.fee, after.data.order.leverage], ['10', 5], 'the new taker rate, 0.2 %');
  const { rows } = await h.db.query<{ v: number }>(`SELECT terms_version AS v FROM perp_orders WHERE id = $1`, [after.data.order.id]);
  assert.equal(rows[0]!.v, 2, 'the order copied the new version');

  // and back: the next order again follows at once
  await instrumentSet('--taker', '0.001', '--leverages', '1,2,3,5,10,20,50,100');
  const again = await user.open({ side: 'long', quantity: '0.1', leverage: 10 });
  assert.deepEqual([again.code, again.data.order.fee], [0, '5']);
});

test('a symbol an operator closes to perpetual trading refuses the next order at once', async () => {
  const user = await h.trader('10000');
  await h.tick({ bid: '49999', ask: '50000', last: '50000' });
  assert.equal((await user.open({ side: 'short', quantity: '0.01' })).code, 0);
  await instrumentSet('--perp', 'off');
  assert.equal((await user.open({ side: 'short', quantity: '0.01' })).reason, 'symbolNotTradable');
  await instrumentSet('--perp', 'on');
  assert.equal((await user.open({ side: 'short', quantity: '0.01' })).code, 0);
});

test('spot orders too: the next order after a fee change pays the new rate (no second of old terms)', async () => {
  const user = await h.trader('1');
  await post(h.db, { key: `test-fund-spot:${user.uid}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: user.uid, mode: 'real', wallet: 'spot', asset: 'USDT' }, amount: '10000' },
  ] }, h.time.clock());
  await h.tick({ bid: '49999', ask: '50000', last: '50000' });
  const buy = () => user.post('contract-spot/create', { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01', requestId: h.rid() });
  const first = await buy();
  assert.equal(first.code, 0, first.msg);
  assert.equal(first.data.takerFeeRate, '0.001');
  await instrumentSet('--taker', '0.003');
  const second = await buy();
  assert.equal(second.code, 0, second.msg);
  assert.deepEqual([second.data.takerFeeRate, second.data.fee], ['0.003', '0.00003'], '0.01 BTC × 0.3 %, in the asset received');
  await instrumentSet('--taker', '0.001');
});
