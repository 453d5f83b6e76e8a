import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { JobRunner } from '../../platform-kit/jobs/job-runner.js';
import { runCommand } from '../../ops/all-commands.js';
import { testApp } from '../../testing/app.js';
import { testDb, type TestStore } from '../../testing/test-db.js';
import { call, manualClock, uploadPng } from '../identity/test-support.js';
import { verify } from '../ledger/ledger.js';
import { c2cModule } from './module.js';
import { c2cPeople } from './test-support.js';

let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();
const MINUTE = 60_000;
const make = () => testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR, kycAutoReview: true }, { db, clock: time.clock, jobs: false });
const people = c2cPeople(() => ({ app, db, clock: time.clock }));

before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await make();
});
// every scenario leaves a ledger that sums to zero, with every held balance equal to its open holds
afterEach(async () => assert.deepEqual((await verify(db)).problems, []));
after(async () => {
  await app.close();
  await cleanup();
});

const runner = (id: string) => new JobRunner(db, c2cModule.jobs!({ clock: time.clock } as never), { id, clock: time.clock, leaseMs: 5000 });

test('a merchant’s sell ad holds its quantity; an order escrows, the buyer pays with proof, the seller releases once', async () => {
  const seller = await people.merchant('1000');
  const ad = await people.sellAd(seller.token);
  assert.equal(await people.balance(seller.uid), '700');
  assert.equal(await people.held(seller.uid), '300');

  const buyer = await people.verified();
  // the bank details are not in the list, only inside the order
  const list = await call(app, 'GET', 'c2c/list?side=sell&asset=USDT&fiat=USD&payment=bank');
  assert.equal(list.data.list.find((a: { id: string }) => a.id === ad.id)?.merchant.completedOrders, 0);
  assert.equal(JSON.stringify(list.data).includes('123-4567'), false);

  const created = await people.order(buyer.token, ad.id, '100');
  assert.equal(created.code, 0, created.msg);
  const order = created.data;
  assert.equal(order.total, '102');
  assert.equal(order.status, 'unpaid');
  assert.equal(order.paymentMethods[0].accountNumber, '123-4567');
  assert.equal(await people.held(seller.uid), '300'); // 100 in escrow + 200 still on the ad
  assert.equal((await call(app, 'GET', 'c2c/ad/mine', { token: seller.token })).data.list[0].remaining, '200');

  // no self-dealing, one unpaid order per user per ad, limits
  assert.equal((await people.order(seller.token, ad.id, '10')).reason, 'c2cOwnAd');
  assert.equal((await people.order(buyer.token, ad.id, '20')).reason, 'c2cUnpaidOrderExists');
  const other = await people.verified();
  assert.equal((await people.order(other.token, ad.id, '1')).reason, 'c2cOrderLimits');

  // chat: only the two parties
  const hello = await call(app, 'POST', 'c2c/order/message', { token: buyer.token, body: { orderId: order.id, body: 'Paying now' } });
  assert.equal(hello.code, 0, hello.msg);
  await call(app, 'POST', 'c2c/order/message', { token: seller.token, body: { orderId: order.id, image: await uploadPng(app, seller.token) } });
  const chat = await call(app, 'GET', `c2c/order/messages?orderId=${order.id}`, { token: seller.token });
  assert.deepEqual(chat.data.map((m: { from: string }) => m.from), ['counterparty', 'me']);
  assert.equal((await call(app, 'GET', `c2c/order/messages?orderId=${order.id}`, { token: other.token })).reason, 'c2cOrderNotFound');
  assert.equal((await call(app, 'POST', 'c2c/order/message', { token: other.token, body: { orderId: order.id, body: 'hi' } })).reason, 'c2cOrderNotFound');

  // only the seller releases, only after paid
  assert.equal((await people.step(seller.token, 'release', order.id)).reason, 'c2cOrderState');
  const proof = await uploadPng(app, buyer.token);
  const readable = async (path: string, token: string) => (await app.inject({ method: 'GET', url: path, headers: { token } })).statusCode;
  assert.equal(await readable(proof, seller.token), 404, 'a proof is the buyer’s until they send it');
  const paid = await people.step(buyer.token, 'paid', order.id, { proof });
  assert.equal(paid.data.status, 'paid');
  // sent in the order, the proof (and the chat image) can be opened by the other party, and by no one else
  assert.deepEqual([await readable(proof, buyer.token), await readable(proof, seller.token), await readable(proof, other.token)], [200, 200, 404]);
  const image = chat.data.find((m: { image?: string }) => m.image)!.image as string;
  assert.deepEqual([await readable(image, buyer.token), await readable(image, other.token)], [200, 404]);
  const releaseId = people.rid();
  const [a, b] = await Promise.all([
    call(app, 'POST', 'c2c/order/release', { token: seller.token, body: { orderId: order.id, requestId: releaseId } }),
    call(app, 'POST', 'c2c/order/release', { token: seller.token, body: { orderId: order.id, requestId: releaseId } }),
  ]);
  assert.equal(a.data.status, 'released');
  assert.deepEqual(b.data, a.data);
  // another release (a new request) is refused; the coins moved once
  assert.equal((await people.step(seller.token, 'release', order.id)).reason, 'c2cOrderState');
  assert.equal(await people.balance(buyer.uid), '100');
  assert.equal(await people.held(seller.uid), '200');
  const done = await call(app, 'GET', `c2c/order/detail?id=${order.id}`, { token: buyer.token });
  assert.deepEqual(done.data.timeline.map((s: { step: string }) => s.step), ['created', 'paid', 'released']);
  assert.equal(done.data.proof, proof);

  // the merchant's record comes from the real order
  const after = await call(app, 'GET', 'c2c/list?side=sell&asset=USDT');
  const mine = after.data.list.find((x: { id: string }) => x.id === ad.id);
  assert.equal(mine.merchant.completedOrders, 1);
  assert.equal(mine.merchant.completionRate, '100.00');

  // closing the ad releases its held remainder once
  const closeId = people.rid();
  assert.equal((await call(app, 'POST', 'c2c/ad/close', { token: seller.token, body: { adId: ad.id, requestId: closeId } })).data.status, 'closed');
  assert.equal((await call(app, 'POST', 'c2c/ad/close', { token: seller.token, body: { adId: ad.id, requestId: closeId } })).data.status, 'closed');
  assert.equal(await people.held(seller.uid), '0');
  assert.equal(await people.balance(seller.uid), '900');
  assert.equal((await people.order(other.token, ad.id, '20')).reason, 'c2cAdNotFound');
});

test('the buyer cancels before paying: the escrow goes back to the ad, once', async () => {
  const seller = await people.merchant('500');
  const ad = await people.sellAd(seller.token, { quantity: '200' });
  const buyer = await people.verified();
  const order = (await people.order(buyer.token, ad.id, '50')).data;
  const cancelId = people.rid();
  const first = await call(app, 'POST', 'c2c/order/cancel', { token: buyer.token, body: { orderId: order.id, requestId: cancelId } });
  assert.equal(first.data.status, 'cancelled');
  assert.equal((await call(app, 'POST', 'c2c/order/cancel', { token: buyer.token, body: { orderId: order.id, requestId: cancelId } })).data.status, 'cancelled');
  assert.equal((await people.step(buyer.token, 'paid', order.id)).reason, 'c2cOrderState');
  assert.equal((await call(app, 'GET', 'c2c/ad/mine', { token: seller.token })).data.list[0].remaining, '200');
  assert.equal(await people.held(seller.uid), '200');
  assert.equal(await people.balance(seller.uid), '300');
});

test('an unpaid order is cancelled when its window ends, exactly once, across a restart and two runners', async () => {
  const seller = await people.merchant('500');
  const ad = await people.sellAd(seller.token, { quantity: '100', windowMinutes: 15 });
  const buyer = await people.verified();
  const order = (await people.order(buyer.token, ad.id, '40')).data;
  assert.equal(await people.held(seller.uid), '100');

  // nothing happens inside the window
  time.advance(10 * MINUTE);
  assert.equal(await runner('early').tick(), 0);
  // the server restarts; the window ends while it is down
  await app.close();
  time.advance(6 * MINUTE);
  app = await make();
  assert.equal((await people.step(buyer.token, 'paid', order.id)).reason, 'c2cOrderState');
  const [a, b] = [runner('a'), runner('b')];
  await Promise.all([a.tick(), b.tick()]);
  await a.tick();
  const detail = await call(app, 'GET', `c2c/order/detail?id=${order.id}`, { token: buyer.token });
  assert.equal(detail.data.status, 'cancelled');
  assert.equal(detail.data.outcome, 'timeout');
  assert.deepEqual(detail.data.timeline.map((s: { step: string }) => s.step), ['created', 'timeout']);
  const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM c2c_steps WHERE order_id = $1 AND step = 'timeout'`, [order.id]);
  assert.equal(rows[0]!.n, '1');
  // the escrow is back on the ad, held once
  assert.equal(await people.held(seller.uid), '100');
  assert.equal(await people.balance(seller.uid), '400');
});

test('a paid order never times out; an appeal is resolved by an operator both ways, audited, with the chat shown', async () => {
  const seller = await people.merchant('1000');
  const ad = await people.sellAd(seller.token, { quantity: '400' });
  const [b1, b2] = [await people.verified(), await people.verified()];
  const o1 = (await people.order(b1.token, ad.id, '100')).data;
  const o2 = (await people.order(b2.token, ad.id, '100')).data;
  await people.step(b1.token, 'paid', o1.id);
  await people.step(b2.token, 'paid', o2.id);
  await call(app, 'POST', 'c2c/order/message', { token: b1.token, body: { orderId: o1.id, body: 'I sent 102 USD' } });
  time.advance(60 * MINUTE);
  assert.equal(await runner('late').tick(), 2); // both jobs run and find the orders paid: nothing changes
  assert.equal((await call(app, 'GET', `c2c/order/detail?id=${o1.id}`, { token: b1.token })).data.status, 'paid');

  const appeal = await call(app, 'POST', 'c2c/order/appeal', { token: b1.token, body: { orderId: o1.id, reason: 'Paid, not released', requestId: people.rid() } });
  assert.equal(appeal.data.status, 'appeal');
  assert.equal((await people.step(seller.token, 'release', o1.id)).reason, 'c2cOrderState');
  await call(app, 'POST', 'c2c/order/appeal', { token: seller.token, body: { orderId: o2.id, reason: 'No money arrived', requestId: people.rid() } });
  // while the appeals are open the disputed coins stay in escrow: the seller can move out (or withdraw) only the 600
  // never put on the ad, not the amount under appeal
  const moveOut = (amount: string) => call(app, 'POST', 'account/transferAsset', { token: seller.token, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount, requestId: people.rid() } });
  assert.equal((await moveOut('700')).reason, 'insufficientBalance');
  assert.equal(await people.balance(seller.uid), '600');

  const shown = people.ops();
  await runCommand(['c2c:appeal-show', o1.id], shown);
  assert.ok(shown.lines.some((l) => l.includes('I sent 102 USD')));
  await runCommand(['c2c:appeal-resolve', o1.id, 'release', 'Bank statement confirms the payment'], people.ops());
  await runCommand(['c2c:appeal-resolve', o2.id, 'return', 'No payment was made'], people.ops());
  await assert.rejects(runCommand(['c2c:appeal-resolve', o1.id, 'return', 'again'], people.ops()), /not under appeal/);

  assert.equal(await people.balance(b1.uid), '100');
  assert.equal(await people.balance(b2.uid), '0');
  const r1 = (await call(app, 'GET', `c2c/order/detail?id=${o1.id}`, { token: seller.token })).data;
  assert.equal(r1.appeal.outcome, 'release');
  assert.equal(r1.appeal.resolution, 'Bank statement confirms the payment');
  const r2 = (await call(app, 'GET', `c2c/order/detail?id=${o2.id}`, { token: b2.token })).data;
  assert.equal(r2.status, 'cancelled');
  assert.equal(r2.outcome, 'appeal-return');
  // seller: 1000 − 100 released; 200 still on the ad; the returned 100 is available again
  assert.equal(await people.held(seller.uid), '200');
  assert.equal(await people.balance(seller.uid), '700');
  const { rows } = await db.query<{ target: string }>(`SELECT target FROM audit_log WHERE action LIKE 'c2c:appeal-resolve%' ORDER BY id`);
  assert.deepEqual(rows.map((r) => r.target), [`c2c-order:${o1.id}`, `c2c-order:${o2.id}`]);
});

test('racing takers on the last quantity: exactly as many orders as the ad allows', async () => {
  const seller = await people.merchant('100');
  const ad = await people.sellAd(seller.token, { quantity: '30', minOrder: '10', price: '1' });
  const takers = await Promise.all(Array.from({ length: 5 }, () => people.verified()));
  const results = await Promise.all(takers.map((t) => people.order(t.token, ad.id, '10')));
  assert.equal(results.filter((r) => r.code === 0).length, 3);
  assert.deepEqual(results.filter((r) => r.code !== 0).map((r) => r.reason), ['c2cAdQuantity', 'c2cAdQuantity']);
  assert.equal(await people.held(seller.uid), '30');
});

test('a buy ad escrows the taker’s coins; the merchant pays and the taker releases', async () => {
  const merchant = await people.merchant('0');
  const ad = (await call(app, 'POST', 'c2c/ad/create', { token: merchant.token, body: { side: 'buy', asset: 'USDT', fiat: 'EUR', price: '0.95', minOrder: '10', maxOrder: '100', quantity: '100', paymentKinds: ['bank'], windowMinutes: 30, requestId: people.rid() } })).data;
  assert.equal(await people.held(merchant.uid), '0');
  const taker = await people.verified();
  assert.equal((await people.order(taker.token, ad.id, '50')).reason, 'c2cNoPaymentMethod');
  await call(app, 'POST', 'c2c/payment-method/add', { token: taker.token, body: { kind: 'bank', holderName: 'Taro', bankName: 'MUFG', bankNumber: 'BOTKJPJT', accountNumber: '555' } });
  assert.equal((await people.order(taker.token, ad.id, '50')).reason, 'insufficientBalance');
  await people.fund(taker.uid, '60');
  const order = (await people.order(taker.token, ad.id, '50')).data;
  assert.equal(order.role, 'seller');
  assert.equal(await people.held(taker.uid), '50');
  await people.step(merchant.token, 'paid', order.id);
  await people.step(taker.token, 'release', order.id);
  assert.equal(await people.balance(merchant.uid), '50');
});

test('merchants: KYC first, operators decide (audited), only approved merchants post; demo is refused clearly', async () => {
  const plain = await call(app, 'POST', 'c2c/merchant/apply', { token: (await people.verified()).token, body: { displayName: 'X' } });
  assert.equal(plain.data.status, 'pending');
  const user = await people.verified();
  assert.equal((await call(app, 'POST', 'c2c/merchant/apply', { token: user.token, body: { displayName: 'Nope' }, headers: { usertype: 'demo' } })).reason, 'c2cRealOnly');
  await call(app, 'POST', 'c2c/merchant/apply', { token: user.token, body: { displayName: 'Nope' } });
  assert.equal((await call(app, 'POST', 'c2c/merchant/apply', { token: user.token, body: { displayName: 'Nope' } })).reason, 'c2cAlreadyApplied');
  assert.equal((await call(app, 'POST', 'c2c/ad/create', { token: user.token, body: { side: 'buy', asset: 'USDT', fiat: 'USD', price: '1', minOrder: '10', maxOrder: '100', quantity: '100', paymentKinds: ['bank'], windowMinutes: 15, requestId: people.rid() } })).reason, 'c2cMerchantOnly');
  await runCommand(['c2c:merchant-reject', user.uid, 'Not enough trading history'], people.ops());
  const me = await call(app, 'GET', 'c2c/merchant', { token: user.token });
  assert.equal(me.data.status, 'rejected');
  assert.equal(me.data.reason, 'Not enough trading history');
});
