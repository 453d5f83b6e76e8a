import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crossCollateral, liquidationPrice } from '@meridian/contracts';
import { DEFAULT_TIERS } from '../trading/instruments.js';
import { perpetualHarness, rid, type PerpTrader } from './test-support.js';

const h = perpetualHarness();

async function crossTrader(usdt: string): Promise<PerpTrader> {
  const user = await h.trader(usdt);
  const set = await user.post('contract/settings', { marginMode: 'cross' });
  assert.equal(set.data.marginMode, 'cross', set.msg);
  return user;
}

const transfer = (user: PerpTrader, fromWallet: string, toWallet: string, amount: string) =>
  user.post('account/transferAsset', { fromWallet, toWallet, asset: 'USDT', amount, requestId: rid() });

const position = async (user: PerpTrader, id: string) => (await user.get(`contract/detail?positionId=${id}`)).data.position;

test('cross: transfers out of and into the contract wallet move the liquidation price and its trigger; one that would reach maintenance is refused', async () => {
  const user = await crossTrader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.1' });
  assert.equal(opened.code, 0, opened.msg);
  const id = opened.data.position.id;
  // margin 500.01, fee 5.0001, available 494.9899: collateral 994.9999, (5000.1 − 994.9999) / (0.1 × 0.996) = 40211.848…
  assert.equal(opened.data.position.liquidationPrice, '40211.85');

  await h.tick({ bid: '40999', ask: '41001', last: '41000' });
  // at 41000: equity 994.9999 − 900.01 = 94.9899 − x, maintenance 0.004 × 4100 = 16.4: x ≥ 78.5899 reaches it
  const refused = await transfer(user, 'contract', 'spot', '80');
  assert.equal(refused.reason, 'transferBelowMaintenance');
  assert.equal(await user.available(), '494.9899', 'nothing moved');

  const out = await transfer(user, 'contract', 'spot', '50');
  assert.equal(out.code, 0, out.msg);
  // collateral 944.9999: (5000.1 − 944.9999) / 0.0996 = 40713.856…
  assert.equal((await position(user, id)).liquidationPrice, '40713.86');
  const back = await transfer(user, 'spot', 'contract', '50');
  assert.equal(back.code, 0, back.msg);
  assert.equal((await position(user, id)).liquidationPrice, '40211.85', 'money in lowers it again');
  assert.equal((await transfer(user, 'contract', 'spot', '50')).code, 0);

  // above the price the position opened with, below the one the transfer made: only a refreshed trigger fires
  await h.tick({ bid: '40499', ask: '40501', last: '40500' });
  const after = await position(user, id);
  assert.deepEqual([after.status, after.closeType, after.closePrice], ['closed', 'liquidation', '40500']);
});

test('cross: two positions, one symbol moves — the account is liquidated when its equity reaches maintenance, the biggest loser first', async () => {
  const user = await crossTrader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  await h.tick({ bid: '2999', ask: '3001', last: '3000' }, 'ETHUSDT');
  const btc = (await user.open({ side: 'long', quantity: '0.1' })).data.position.id;
  const eth = await user.open({ symbol: 'ETHUSDT', side: 'long', quantity: '1' });
  assert.equal(eth.code, 0, eth.msg);
  // BTC: margin 500.01, fee 5.0001; ETH: margin 300.1, fee 3.001; available 191.8889
  assert.equal(await user.available(), '191.8889');
  const staleBtc = (await position(user, btc)).liquidationPrice;
  const staleEth = (await position(user, eth.data.position.id)).liquidationPrice;

  await h.tick({ bid: '44999', ask: '45001', last: '45000' });
  assert.equal((await position(user, btc)).status, 'open', 'equity 490.8989 is well above maintenance 30');
  assert.ok(Number(staleBtc) < 45000, `BTC's own trigger (${staleBtc}) is not reached`);
  assert.ok(Number(staleEth) < 2530, `ETH's own trigger (${staleEth}) assumed BTC at 50000`);

  // ETH at 2530: equity 191.8889 + 800.11 − 500.1 − 471 = 20.8989, maintenance 18 + 10.12 = 28.12
  await h.tick({ bid: '2529', ask: '2531', last: '2530' }, 'ETHUSDT');
  const b = await position(user, btc);
  assert.deepEqual([b.status, b.closeType, b.closePrice], ['closed', 'liquidation', '45000'], 'BTC lost most (−500.1 against −471)');
  const e = await position(user, eth.data.position.id);
  // BTC's loss beyond its margin (0.09) came from available, the account's equity is unchanged: 20.8989 against
  // ETH's maintenance 10.12 — ETH stays, its price now on available 191.7989 + margin 300.1:
  // (3001 − 491.8989) / 0.996 = 2519.177…
  assert.deepEqual([e.status, e.liquidationPrice], ['open', '2519.18']);
  assert.equal(h.perp.crossBook.size, 0, 'one cross position left: its trigger is exact, the account leaves the book');
});

test('cross: funding paid from the shared balance moves the liquidation price', async () => {
  const user = await crossTrader('1000');
  await h.tick({ bid: '50000', ask: '50000', last: '50000' });
  const opened = await user.open({ side: 'long', quantity: '0.1' });
  const before = opened.data.position.liquidationPrice;
  h.time.advance(8 * 3_600_000);
  await h.perp.fund(h.time.clock());
  // the long paid 0.5: the price moves up by 0.5 / 0.0996 ≈ 5.02
  const after = (await position(user, opened.data.position.id)).liquidationPrice;
  assert.ok(Number(after) - Number(before) > 5 && Number(after) - Number(before) < 5.1, `${before} → ${after}`);
});

test('cross: the accounts to watch on ticks are rebuilt at start', async () => {
  const user = await crossTrader('1000');
  await h.tick({ bid: '50000', ask: '50000', last: '50000' });
  await user.open({ side: 'long', quantity: '0.01' });
  await user.open({ side: 'short', quantity: '0.01' });
  assert.ok(h.perp.crossBook.size >= 1);
  const size = h.perp.crossBook.size;
  await h.app.close();
  await h.start();
  assert.equal(h.perp.crossBook.size, size);
});

test('cross: with two positions, the liquidation price the list shows follows the other position’s mark (computed on read, as margin.ts has it)', async () => {
  const user = await crossTrader('1000');
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  await h.tick({ bid: '2999', ask: '3001', last: '3000' }, 'ETHUSDT');
  const btc = (await user.open({ side: 'long', quantity: '0.1' })).data.position.id;
  const eth = (await user.open({ symbol: 'ETHUSDT', side: 'long', quantity: '1' })).data.position.id;
  const listed = async (id: string) => (await user.get('contract/openList')).data.find((p: { id: string }) => p.id === id);
  const stored = async (id: string) => (await h.db.query<{ p: string }>('SELECT trim_scale(liquidation_price)::text AS p FROM perp_positions WHERE id = $1', [id])).rows[0]!.p;
  const before = (await listed(eth)).liquidationPrice;
  assert.equal(before, await stored(eth), 'right after the account changed, the stored price is the current one');

  // only BTC moves (no change of the account): ETH's price must move with it
  await h.tick({ bid: '44999', ask: '45001', last: '45000' });
  // available 191.8889; BTC at 45000: margin 500.01 + P/L −500.1 − maintenance 18 (0.4 % of 4500) = −18.09;
  // ETH's collateral 300.1 + 191.8889 − 18.09 = 473.8989: (3001 − 473.8989) / (1 × 0.996) = 2537.2501… → up: 2537.26
  const expected = liquidationPrice({
    side: 'long', quantity: '1', entryPrice: '3001', tiers: DEFAULT_TIERS, priceScale: 2,
    collateral: crossCollateral('300.1', '191.8889', [{ margin: '500.01', unrealisedPnl: '-500.1', maintenance: '18' }]),
  })!.toFixed();
  assert.equal(expected, '2537.26');
  assert.equal((await listed(eth)).liquidationPrice, expected, 'the list call');
  assert.equal((await position(user, eth)).liquidationPrice, expected, 'the detail call');
  assert.notEqual(await stored(eth), expected, 'the stored price (the trigger) still assumes BTC at 50000: crossBook guards the account meanwhile');
  assert.equal((await listed(btc)).liquidationPrice, (await position(user, btc)).liquidationPrice);

  // BTC back: the shown price comes back with it
  await h.tick({ bid: '49999', ask: '50001', last: '50000' });
  assert.equal((await listed(eth)).liquidationPrice, before);
});
