import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { PLATFORM, post, verify } from '../ledger/ledger.js';
import { MALFORMED_AMOUNTS } from '../../testing/malformed-amounts.js';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();
const demo = { usertype: 'demo' };

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db, clock: time.clock });
});
after(async () => {
  const report = await verify(db);
  assert.deepEqual(report.problems, []);
  await app.close();
  await cleanup();
});

/** Credits real USDT the way an arrived chain deposit does (the deposit module's own tests cover that path). */
async function fund(uid: string, amount: string, asset = 'USDT') {
  await post(db, { key: `test-fund:${uid}:${asset}:${amount}:${Math.random()}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset }, to: { holder: uid, mode: 'real', wallet: 'platform', asset }, amount },
  ] }, time.clock());
}

const walletOf = (overview: any, wallet: string) => overview.wallets.find((w: { wallet: string }) => w.wallet === wallet); // eslint-disable-line @typescript-eslint/no-explicit-any

test('a new real account has five empty wallets; a demo account starts with the virtual balance', async () => {
  const { token } = await registerUser(app, db);
  const real = await call(app, 'POST', 'account/list', { token });
  assert.equal(real.code, 0, real.msg);
  assert.deepEqual(real.data.wallets.map((w: { wallet: string; accountType: number }) => [w.wallet, w.accountType]), [
    ['platform', 1], ['spot', 2], ['contract', 3], ['wealth', 4], ['option', 5],
  ]);
  assert.equal(real.data.totalUsdt, '0');
  const demoList = await call(app, 'POST', 'account/list', { token, headers: demo });
  assert.equal(walletOf(demoList.data, 'platform').assets[0].available, '100000');
  assert.equal(demoList.data.totalUsdt, '100000');
  // Asking again issues nothing more.
  const again = await call(app, 'GET', 'account/userAssetData', { token, headers: demo });
  assert.equal(again.data.totalUsdt, '100000');
  assert.equal((await call(app, 'GET', 'account/userAssetData', { token })).data.totalUsdt, '0');
});

test('transfer between own wallets: rules, exact amounts, records and the change history', async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '250.5');
  const transfer = (body: Record<string, unknown>) =>
    call(app, 'POST', 'account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', requestId: `req-${Math.random().toString(36).slice(2, 12)}`, ...body } });

  assert.equal((await transfer({ amount: '0' })).msg, 'Invalid amount');
  assert.equal((await transfer({ amount: '-3' })).msg, 'Invalid amount');
  assert.equal((await transfer({ amount: '1e18' })).msg, 'Invalid amount');
  assert.equal((await transfer({ amount: '0.0000001' })).msg, 'Invalid amount', 'USDT has 6 decimals');
  assert.equal((await transfer({ amount: '1', toWallet: 'platform' })).msg, 'Please choose another target wallet');
  assert.equal((await transfer({ amount: '1', toWallet: 'savings' })).msg, 'Unknown wallet');
  assert.equal((await transfer({ amount: '250.500001' })).msg, 'Insufficient balance');

  const done = await transfer({ amount: '100.1', requestId: 'same-request-1' });
  assert.equal(done.code, 0, done.msg);
  const retried = await transfer({ amount: '100.1', requestId: 'same-request-1' });
  assert.equal(retried.data.id, done.data.id);
  assert.deepEqual(retried.data, done.data, 'an identical replay answers identically');
  // The same key with another body is refused, and moves nothing.
  const reused = await transfer({ amount: '5', requestId: 'same-request-1' });
  assert.deepEqual([reused.reason, reused.msg], ['requestIdReused', 'This request id was already used for a different request']);
  assert.equal((await transfer({ amount: '100.1', toWallet: 'contract', requestId: 'same-request-1' })).reason, 'requestIdReused');
  const byType = await transfer({ amount: '0.2', fromWallet: '1', toWallet: '3' });
  assert.equal(byType.code, 0, byType.msg);

  const list = await call(app, 'POST', 'account/list', { token });
  assert.equal(walletOf(list.data, 'platform').assets[0].available, '150.2');
  assert.equal(walletOf(list.data, 'spot').assets[0].available, '100.1');
  assert.equal(walletOf(list.data, 'contract').assets[0].available, '0.2');
  assert.equal(list.data.totalUsdt, '250.5');
  const valid = await call(app, 'GET', 'account/getValidAssetById?accountType=2&asset=USDT', { token });
  assert.equal(valid.data.available, '100.1');

  const log = await call(app, 'GET', 'account/getTransferLog?page=1&size=10', { token });
  assert.equal(log.data.total, 2);
  assert.deepEqual(log.data.list.map((r: { fromWallet: string; toWallet: string; amount: string }) => [r.fromWallet, r.toWallet, r.amount]), [
    ['platform', 'contract', '0.2'],
    ['platform', 'spot', '100.1'],
  ]);
  const changes = await call(app, 'GET', 'accountchange/list?wallet=spot', { token });
  assert.deepEqual(changes.data.list.map((r: { amount: string; causeType: string; counterparty: string }) => [r.amount, r.causeType, r.counterparty]), [
    ['100.1', 'transfer', 'platform'],
  ]);
  // Demo never sees real money.
  const demoChanges = await call(app, 'GET', 'accountchange/list', { token, headers: demo });
  assert.ok(demoChanges.data.list.every((r: { causeType: string }) => r.causeType.startsWith('demo')));
});

test('crypto balances are valued in USDT at the live market price', async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '0.5', 'BTC');
  const price = (await call(app, 'GET', '/api/market/getMarketPrice')).data.find((q: { symbol: string }) => q.symbol === 'BTCUSDT').price;
  const list = await call(app, 'POST', 'account/list', { token });
  const btc = walletOf(list.data, 'platform').assets.find((a: { asset: string }) => a.asset === 'BTC');
  assert.equal(btc.balance, '0.5');
  assert.ok(Math.abs(Number(btc.valueUsdt) - Number(price) / 2) < Number(price) * 0.05, `${btc.valueUsdt} vs ${price}`);
});

test('demo reset returns every demo balance and issues the start again; real money is untouched', async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '42');
  const refused = await call(app, 'POST', 'account/resetDemo', { token });
  assert.equal(refused.msg, 'Only a demo account can be reset');
  const moved = await call(app, 'POST', 'account/transferAsset', { token, headers: demo, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '99999', requestId: 'demo-move-1' } });
  assert.equal(moved.code, 0, moved.msg);
  const reset = await call(app, 'POST', 'account/resetDemo', { token, headers: demo });
  assert.equal(reset.code, 0, reset.msg);
  assert.equal(walletOf(reset.data, 'platform').assets[0].available, '100000');
  assert.equal(walletOf(reset.data, 'spot').assets[0].available, '0');
  assert.equal(reset.data.totalUsdt, '100000');
  assert.equal((await call(app, 'GET', 'account/userAssetData', { token })).data.totalUsdt, '42');
});

test('wallet calls need a session; currencies are public with chains and withdrawal terms', async () => {
  assert.equal((await call(app, 'POST', 'account/list')).code, 301);
  const currencies = await call(app, 'GET', 'currency/getListCurrency');
  const usdt = currencies.data.find((c: { asset: string }) => c.asset === 'USDT');
  assert.deepEqual(usdt.chains.map((c: { id: string }) => c.id), ['TRC20', 'ERC20', 'BEP20']);
  assert.deepEqual(usdt.withdraw, { min: '20', max: '1000000', fee: '1' });
});

test('a transfer amount in any notation but a plain decimal string is refused as invalidAmount and moves nothing', async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '100');
  for (const amount of MALFORMED_AMOUNTS) {
    const res = await call(app, 'POST', 'account/transferAsset', {
      token,
      body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount, requestId: `odd-${Math.random().toString(36).slice(2, 12)}` },
    });
    assert.equal(res.code, 400, `${JSON.stringify(amount)} answered ${res.code} ${res.msg}`);
    assert.equal(res.reason, 'invalidAmount', JSON.stringify(amount));
    assert.equal(res.msg, 'Invalid amount');
  }
  const overview = await call(app, 'POST', 'account/list', { token });
  assert.equal(walletOf(overview.data, 'platform').assets[0].available, '100');
  assert.equal(walletOf(overview.data, 'spot').totalUsdt, '0');
});

test(`the same transfer sent ${AT_ONCE} times at once moves the money once and answers each copy alike`, async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '50');
  const body = { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '30', requestId: 'burst-transfer-1' };
  await sameRequestAtOnce(() => call(app, 'POST', 'account/transferAsset', { token, body }));
  assertReused(await call(app, 'POST', 'account/transferAsset', { token, body: { ...body, amount: '20' } }));
  const list = await call(app, 'POST', 'account/list', { token });
  assert.deepEqual([walletOf(list.data, 'platform').assets[0].available, walletOf(list.data, 'spot').assets[0].available], ['20', '30']);
  assert.equal((await call(app, 'GET', 'account/getTransferLog?page=1&size=50', { token })).data.total, 1);
});
