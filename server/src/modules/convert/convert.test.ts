import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testDb } from '../../testing/test-db.js';
import { testApp } from '../../testing/app.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, post, verify } from '../ledger/ledger.js';
import { createConverter } from './service.js';
import { MALFORMED_AMOUNTS } from '../../testing/malformed-amounts.js';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db, clock: time.clock });
});
after(async () => {
  assert.deepEqual((await verify(db)).problems, []);
  await app.close();
  await cleanup();
});

async function fund(uid: string, amount: string, asset = 'USDT') {
  await post(db, { key: `fund:${uid}:${asset}:${Math.random()}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset }, to: { holder: uid, mode: 'real', wallet: 'platform', asset }, amount },
  ] }, time.clock());
}

test('the estimate sells at the bid, buys at the ask, takes the desk spread, and shows what it all costs', () => {
  const converter = createConverter({
    db,
    clock: time.clock,
    deskSpread: '0.002',
    quote: (asset) => (asset === 'BTC' ? { bid: '60000', ask: '60010', time: 1 } : asset === 'ETH' ? { bid: '3000', ask: '3001', time: 2 } : undefined),
  });
  const btcToUsdt = converter.estimate({ from: 'BTC', to: 'USDT', amount: '0.5' });
  assert.equal(btcToUsdt.rate, '59880'); // 60000 × 0.998
  assert.equal(btcToUsdt.receive, '29940');
  assert.equal(btcToUsdt.fromPrice, '60000');
  // Against the mid (60005): 1 − 59880/60005 ≈ 0.2083 %.
  assert.equal(btcToUsdt.spread, '0.002084');
  const usdtToEth = converter.estimate({ from: 'USDT', to: 'ETH', amount: '100' });
  assert.equal(usdtToEth.rate, new Dec(1).div(3001).times('0.998').toDecimalPlaces(12, Dec.ROUND_DOWN).toFixed());
  assert.equal(usdtToEth.receive, '0.03325558'); // rounded down to ETH's 8 decimals
  assert.equal(usdtToEth.tickTime, 2);
  assert.throws(() => converter.estimate({ from: 'BTC', to: 'BTC', amount: '1' }), /another currency/);
  assert.throws(() => converter.estimate({ from: 'BTC', to: 'USDT', amount: '0' }), /Invalid amount/);
  assert.throws(() => converter.estimate({ from: 'XYZ', to: 'USDT', amount: '1' }), /Unknown currency/);
});

test('convert at the confirmed rate: ledger moves through the desk, the ticks are recorded, retries do nothing twice', async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '1000');
  const estimate = await call(app, 'GET', 'fiat/convertEstimate?from=USDT&to=BTC&amount=500', { token });
  assert.equal(estimate.code, 0, estimate.msg);
  const body = { from: 'USDT', to: 'BTC', amount: '500', minRate: estimate.data.rate, requestId: 'convert-req-1' };
  const done = await call(app, 'POST', 'convert/createConvert', { token, body });
  assert.equal(done.code, 0, done.msg);
  assert.ok(new Dec(done.data.rate).gte(estimate.data.rate));
  assert.equal(done.data.toAmount, new Dec(500).times(done.data.rate).toDecimalPlaces(8, Dec.ROUND_DOWN).toFixed());
  assert.ok(done.data.toPrice && done.data.tickTime, 'the tick used is recorded');
  const again = await call(app, 'POST', 'convert/createConvert', { token, body });
  assert.equal(again.data.id, done.data.id);
  assert.deepEqual(again.data, done.data, 'an identical replay answers identically');
  const reused = await call(app, 'POST', 'convert/createConvert', { token, body: { ...body, amount: '400' } });
  assert.deepEqual([reused.reason, reused.msg], ['requestIdReused', 'This request id was already used for a different request']);
  assert.equal((await call(app, 'POST', 'convert/createConvert', { token, body: { ...body, to: 'ETH' } })).reason, 'requestIdReused');

  const list = await call(app, 'POST', 'account/list', { token });
  const platform = list.data.wallets.find((w: { wallet: string }) => w.wallet === 'platform');
  assert.equal(platform.assets.find((a: { asset: string }) => a.asset === 'USDT').available, '500');
  assert.equal(platform.assets.find((a: { asset: string }) => a.asset === 'BTC').available, done.data.toAmount);
  const history = await call(app, 'GET', 'convert/convertHistoryList', { token });
  assert.equal(history.data.total, 1);
  assert.equal(history.data.list[0].fromAmount, '500');
});

test('a rate worse than the confirmed one, or more than the balance, is refused and nothing moves', async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '10');
  const estimate = await call(app, 'GET', 'fiat/convertEstimate?from=USDT&to=ETH&amount=5', { token });
  const better = new Dec(estimate.data.rate).times('1.5').toFixed();
  const moved = await call(app, 'POST', 'convert/createConvert', { token, body: { from: 'USDT', to: 'ETH', amount: '5', minRate: better, requestId: 'convert-req-2' } });
  assert.equal(moved.msg, 'The rate has changed, please confirm the new estimate');
  const tooMuch = await call(app, 'POST', 'convert/createConvert', { token, body: { from: 'USDT', to: 'ETH', amount: '11', minRate: '0', requestId: 'convert-req-3' } });
  assert.equal(tooMuch.msg, 'Insufficient balance');
  assert.equal((await call(app, 'GET', 'convert/convertHistoryList', { token })).data.total, 0);
  assert.equal((await call(app, 'GET', 'account/getValidAssetById?accountType=1&asset=USDT', { token })).data.available, '10');
  const currencies = await call(app, 'GET', 'fiat/getListFiat');
  assert.ok(currencies.data.some((c: { asset: string }) => c.asset === 'ETH'));
});

test('convert and its estimate refuse every amount that is not a plain decimal string, and nothing moves', async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '10');
  for (const amount of MALFORMED_AMOUNTS) {
    const body = { from: 'USDT', to: 'ETH', amount, minRate: '0', requestId: `odd-${Math.random().toString(36).slice(2, 12)}` };
    const res = await call(app, 'POST', 'convert/createConvert', { token, body });
    assert.equal(res.reason, 'invalidAmount', `${JSON.stringify(amount)} answered ${res.code} ${res.msg}`);
    const rate = await call(app, 'POST', 'convert/createConvert', { token, body: { ...body, amount: '1', minRate: amount } });
    assert.equal(rate.reason, 'invalidAmount', `minRate ${JSON.stringify(amount)} answered ${rate.code} ${rate.msg}`);
  }
  for (const amount of ['0x10', '1e3', '-5', '']) {
    const res = await call(app, 'GET', `fiat/convertEstimate?from=USDT&to=ETH&amount=${encodeURIComponent(amount)}`, { token });
    assert.equal(res.reason, 'invalidAmount', amount);
  }
  assert.equal((await call(app, 'GET', 'convert/convertHistoryList', { token })).data.total, 0);
  assert.equal((await call(app, 'GET', 'account/getValidAssetById?accountType=1&asset=USDT', { token })).data.available, '10');
});

test(`the same conversion sent ${AT_ONCE} times at once converts once and answers each copy alike`, async () => {
  const { token, uid } = await registerUser(app, db);
  await fund(uid, '1000');
  const estimate = await call(app, 'GET', 'fiat/convertEstimate?from=USDT&to=BTC&amount=300', { token });
  const body = { from: 'USDT', to: 'BTC', amount: '300', minRate: estimate.data.rate, requestId: 'burst-convert-1' };
  const done = await sameRequestAtOnce(() => call(app, 'POST', 'convert/createConvert', { token, body }));
  assertReused(await call(app, 'POST', 'convert/createConvert', { token, body: { ...body, amount: '301' } }));
  const platform = (await call(app, 'POST', 'account/list', { token })).data.wallets.find((w: { wallet: string }) => w.wallet === 'platform');
  assert.equal(platform.assets.find((a: { asset: string }) => a.asset === 'USDT').available, '700');
  assert.equal(platform.assets.find((a: { asset: string }) => a.asset === 'BTC').available, done.data.toAmount);
  assert.equal((await call(app, 'GET', 'convert/convertHistoryList', { token })).data.total, 1);
});
