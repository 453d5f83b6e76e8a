import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { runCommand } from '../../ops/all-commands.js';
import { testApp } from '../../testing/app.js';
import { MALFORMED_AMOUNTS, tooPrecise } from '../../testing/malformed-amounts.js';
import { testDb } from '../../testing/test-db.js';
import { call, registerUser, uploadPng, type Envelope } from '../identity/test-support.js';
import { available, verify } from '../ledger/ledger.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let user: { token: string; uid: string; photos: string[] };
let productId: string;
let loanId: string;

const USDT_SCALE = 6;
const reasonOf = (answer: Envelope) => (answer as Envelope & { reason?: string }).reason;
const show = (amount: unknown) => JSON.stringify(amount);
const balance = () => available(db, { holder: user.uid, mode: 'real', wallet: 'platform', asset: 'USDT' });

/** A KYC-verified borrower (auto-review) with an approved loan of 500 USDT. */
before(async () => {
  let store;
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR, kycAutoReview: true }, { db });
  const registered = await registerUser(app, db);
  const kyc = await call(app, 'POST', 'idCard/insert', {
    token: registered.token,
    body: { firstName: 'Lea', lastName: 'Roux', idNumber: 'P998877', nation: 'France', documentType: 'passport', frontImage: await uploadPng(app, registered.token), backImage: await uploadPng(app, registered.token) },
  });
  assert.equal(kyc.data.status, 'verified', kyc.msg);
  user = { ...registered, photos: [await uploadPng(app, registered.token), await uploadPng(app, registered.token), await uploadPng(app, registered.token)] };
  productId = (await db.query<{ id: string }>("SELECT id FROM loan_products WHERE code = 'starter-7'")).rows[0]!.id;
  const applied = await call(app, 'POST', 'loan/createLoanProduct', { token: user.token, body: { productId, amount: '500', photos: user.photos } });
  assert.equal(applied.code, 0, applied.msg);
  loanId = applied.data.id;
  await runCommand(['loan:approve', loanId], { operator: 'ops-test', db: async () => db, print: () => undefined, clock: () => new Date() });
});
after(async () => {
  assert.deepEqual((await verify(db)).problems, []);
  await app.close();
  await cleanup();
});

test('applying refuses every malformed amount with invalidAmount, and no application is recorded', async () => {
  const before = (await call(app, 'GET', 'loan/userProductList', { token: user.token })).data.total;
  for (const amount of [...MALFORMED_AMOUNTS, tooPrecise(USDT_SCALE)]) {
    const answer = await call(app, 'POST', 'loan/createLoanProduct', { token: user.token, body: { productId, amount, photos: user.photos } });
    assert.equal(reasonOf(answer), 'invalidAmount', `apply ${show(amount)}: ${answer.msg}`);
    assert.equal(answer.msg, 'Invalid amount');
  }
  assert.equal((await call(app, 'GET', 'loan/userProductList', { token: user.token })).data.total, before);
});

test('the repayment estimate and a repayment refuse every malformed amount with invalidAmount, and nothing is repaid', async () => {
  const start = await balance();
  let payments = 0;
  for (const amount of [...MALFORMED_AMOUNTS, tooPrecise(USDT_SCALE)]) {
    const estimate = await call(app, 'POST', 'loan/estimate-paid-loan', { token: user.token, body: { loanId, amount } });
    assert.equal(reasonOf(estimate), 'invalidAmount', `estimate ${show(amount)}: ${estimate.msg}`);
    const paid = await call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId, amount, requestId: `strict-pay-${(payments += 1)}` } });
    assert.equal(reasonOf(paid), 'invalidAmount', `pay ${show(amount)}: ${paid.msg}`);
  }
  assert.equal(await balance(), start);
  const loan = await call(app, 'GET', `loan/detail?id=${loanId}`, { token: user.token });
  assert.deepEqual([loan.data.status, loan.data.principalPaid, loan.data.interestPaid], ['approved', '0', '0']);
  assert.equal((await call(app, 'GET', 'loan/paid-history', { token: user.token })).data.total, 0);
  // A well-formed amount is estimated: the refusals above were the amount's.
  assert.equal((await call(app, 'POST', 'loan/estimate-paid-loan', { token: user.token, body: { loanId, amount: '1.5' } })).data.amount, '1.5');
});
