import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand } from '../../ops/all-commands.js';
import { call } from '../identity/test-support.js';
import { available, PLATFORM } from '../ledger/ledger.js';
import { useC2cApp } from './test-support.js';

const { env, time, people } = useC2cApp();

const quote = async (asset = 'USDT') => (await call(env.app, 'GET', `asset/exchangeInfo?asset=${asset}&fiat=USD`)).data[0];
const desk = (asset = 'USDT') => available(env.db, { holder: PLATFORM, mode: 'real', wallet: 'desk', asset });

test('exchangeInfo: buy and sell prices from the feed with the stated spread and validity', async () => {
  const all = (await call(env.app, 'GET', 'asset/exchangeInfo')).data;
  assert.deepEqual(all.map((q: { asset: string }) => q.asset), ['USDT', 'BTC', 'ETH']);
  const usdt = all[0];
  assert.equal(usdt.buyPrice, '1.01');
  assert.equal(usdt.sellPrice, '0.99');
  assert.equal(usdt.spread, '0.01');
  assert.equal(usdt.rateVersion, 1);
  assert.equal(new Date(usdt.validUntil).getTime() - time.clock().getTime(), 30_000);
  const btc = all[1];
  assert.ok(Number(btc.buyPrice) > Number(btc.basePrice) && Number(btc.sellPrice) < Number(btc.basePrice));
  // a fiat no operator has set terms for has no quote
  assert.deepEqual((await call(env.app, 'GET', 'asset/exchangeInfo?fiat=KRW')).data, []);
  assert.equal((await call(env.app, 'GET', 'asset/exchangeInfo?asset=DOGE')).reason, 'unknownAsset');
  const account = await call(env.app, 'GET', 'paymentMethod/getPaymentMethodInfo');
  assert.ok(account.data.bankName && account.data.accountNumber);
});

test('currencyBuy: waits for the operator, credits once from the desk; an expired quote is refused', async () => {
  const user = await people.verified();
  const q = await quote();
  const requestId = people.rid();
  const bought = await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId: q.quoteId, quantity: '100', requestId } });
  assert.equal(bought.code, 0, bought.msg);
  assert.equal(bought.data.order.status, 'pending');
  assert.equal(bought.data.order.total, '101');
  assert.equal(bought.data.payTo.reference, `OTC-${bought.data.order.id}`);
  // a retry answers the same order
  assert.deepEqual((await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId: q.quoteId, quantity: '100', requestId } })).data, bought.data);
  assert.equal(await people.balance(user.uid), '0');
  const deskBefore = await desk();
  await runCommand(['otc:confirm', bought.data.order.id], people.ops());
  await assert.rejects(runCommand(['otc:confirm', bought.data.order.id], people.ops()), /already completed/);
  assert.equal(await people.balance(user.uid), '100');
  assert.equal(Number(deskBefore) - Number(await desk()), 100);
  const records = await call(env.app, 'POST', 'asset/tradingRecord', { token: user.token, body: {} });
  assert.equal(records.data.list[0].status, 'completed');

  time.advance(31_000);
  assert.equal((await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId: q.quoteId, quantity: '100', requestId: people.rid() } })).reason, 'otcQuoteExpired');
  assert.equal((await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId: (await quote()).quoteId, quantity: '1', requestId: people.rid() } })).reason, 'belowMinimum');
  assert.equal((await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId: (await quote()).quoteId, quantity: '100', requestId: people.rid() }, headers: { usertype: 'demo' } })).reason, 'c2cRealOnly');
});

test('currencySell: the coins are held, then taken on confirmation or given back on rejection, once', async () => {
  const user = await people.verified();
  await people.fund(user.uid, '300');
  const sell = async (quantity: string) => call(env.app, 'POST', 'asset/currencySell', { token: user.token, body: { quoteId: (await quote()).quoteId, quantity, requestId: people.rid() } });
  assert.equal((await sell('400')).reason, 'insufficientBalance');
  const a = (await sell('100')).data.order;
  const b = (await sell('100')).data.order;
  assert.equal(a.total, '99');
  assert.equal(await people.held(user.uid), '200');
  const balances = await call(env.app, 'POST', 'asset/queryUserBalance', { token: user.token, body: { asset: 'USDT' } });
  assert.deepEqual(balances.data, [{ asset: 'USDT', available: '100', held: '200' }]);
  await runCommand(['otc:confirm', a.id], people.ops());
  await runCommand(['otc:reject', b.id, 'No', 'bank', 'account', 'on', 'file'], people.ops());
  assert.equal(await people.held(user.uid), '0');
  assert.equal(await people.balance(user.uid), '200');
  const list = (await call(env.app, 'POST', 'asset/tradingRecord', { token: user.token, body: { page: 1 } })).data.list;
  assert.deepEqual(list.map((o: { status: string; reason: string }) => [o.status, o.reason]), [['rejected', 'No bank account on file'], ['completed', '']]);
});

/** Rows in every table the OTC desk writes, and in the whole database's audit and job tables. */
async function writtenRows() {
  const { rows } = await env.db.query<{ q: string; o: string; r: string; a: string }>(
    `SELECT (SELECT count(*) FROM otc_quotes)::text AS q, (SELECT count(*) FROM otc_orders)::text AS o, (SELECT count(*) FROM otc_rate_versions)::text AS r, (SELECT count(*) FROM audit_log)::text AS a`);
  return rows[0];
}

test('exchangeInfo is a read: quoting writes nothing; the quote is stored when an order is placed on it', async () => {
  const user = await people.verified();
  const before = await writtenRows();
  for (let i = 0; i < 3; i += 1) {
    assert.equal((await call(env.app, 'GET', 'asset/exchangeInfo')).code, 0);
    assert.equal((await call(env.app, 'GET', 'asset/exchangeInfo?asset=BTC&fiat=USD', { token: user.token })).code, 0);
  }
  assert.deepEqual(await writtenRows(), before);
  const q = await quote();
  const bought = await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId: q.quoteId, quantity: '20', requestId: people.rid() } });
  assert.equal(bought.code, 0, bought.msg);
  const stored = await env.db.query<{ rate_version: number; buy_price: string; valid_until: Date }>(
    `SELECT q.rate_version, q.buy_price::text AS buy_price, q.valid_until FROM otc_orders o JOIN otc_quotes q ON q.id = o.quote_id WHERE o.id = $1`, [bought.data.order.id]);
  assert.equal(Number(stored.rows[0]!.rate_version), 1);
  assert.equal(Number(stored.rows[0]!.buy_price), 1.01);
  assert.equal(new Date(stored.rows[0]!.valid_until).toISOString(), new Date(q.validUntil).toISOString());
  await runCommand(['otc:reject', bought.data.order.id, 'test'], people.ops());
});

test('a quote altered by the client is refused: the price is the one the desk signed', async () => {
  const user = await people.verified();
  const q = await quote();
  const [payload, mac] = q.quoteId.split('.');
  const cheaper = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('|1.01|', '|0.50|')).toString('base64url');
  for (const quoteId of [`${cheaper}.${mac}`, 'made-up', `${payload}.${mac}x`]) {
    assert.equal((await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId, quantity: '100', requestId: people.rid() } })).reason, 'otcQuoteExpired');
  }
});

test('other fiats: operator-set terms, audited and versioned; quotes name their version; the minimum is 10 USDT worth', async () => {
  const user = await people.verified();
  const ops = people.ops('ops-kai');
  await runCommand(['otc:rate', 'JPY', '150', '0.02'], ops);
  const jpy = (await call(env.app, 'GET', 'asset/exchangeInfo?asset=USDT&fiat=JPY')).data;
  assert.equal(jpy.length, 1);
  assert.deepEqual([jpy[0].fiat, jpy[0].buyPrice, jpy[0].sellPrice, jpy[0].basePrice, jpy[0].spread, jpy[0].rateVersion], ['JPY', '153', '147', '150', '0.02', 1]);
  // a new version: the spread is kept when not named; quotes given before it stay honoured inside their validity
  await runCommand(['otc:rate', 'JPY', '160'], ops);
  const next = (await call(env.app, 'GET', 'asset/exchangeInfo?asset=USDT&fiat=JPY')).data[0];
  assert.deepEqual([next.buyPrice, next.spread, next.rateVersion], ['163.2', '0.02', 2]);
  const old = await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId: jpy[0].quoteId, quantity: '100', requestId: people.rid() } });
  assert.equal(old.code, 0, old.msg);
  assert.deepEqual([old.data.order.fiat, old.data.order.price, old.data.order.total], ['JPY', '153', '15300']);
  // 9 USDT worth of yen is below the minimum even though 1 440 is far above 10
  assert.equal((await call(env.app, 'POST', 'asset/currencyBuy', { token: user.token, body: { quoteId: next.quoteId, quantity: '9', requestId: people.rid() } })).reason, 'belowMinimum');
  const all = (await call(env.app, 'GET', 'asset/exchangeInfo?asset=USDT')).data;
  assert.deepEqual(all.map((q: { fiat: string }) => q.fiat), ['USD', 'JPY']);
  const audit = await env.db.query<{ actor: string; target: string }>(`SELECT actor, target FROM audit_log WHERE action = 'otc:rate' ORDER BY id`);
  assert.deepEqual(audit.rows.map((r) => [r.actor, r.target]), [['ops-kai', 'otc-rate:JPY'], ['ops-kai', 'otc-rate:JPY']]);
  ops.lines.length = 0;
  await runCommand(['otc:rates', 'JPY'], ops);
  assert.equal(ops.lines.length, 2);
  assert.match(ops.lines[0]!, /JPY\/USDT {2}160 {2}spread 0\.02 {2}v2/);
  await assert.rejects(runCommand(['otc:rate', 'XYZ', '1'], ops), /the fiat is one of/);
  await assert.rejects(runCommand(['otc:rate', 'EUR', '-1'], ops), /plain decimal/);
  await assert.rejects(env.db.query(`UPDATE otc_rate_versions SET rate = 1 WHERE fiat = 'JPY'`), /append-only/);
  await runCommand(['otc:reject', old.data.order.id, 'test'], ops);
});
