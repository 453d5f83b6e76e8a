import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { runCommand, type CommandContext } from '../../ops/all-commands.js';
import { testApp } from '../../testing/app.js';
import { testDb, type TestStore } from '../../testing/test-db.js';
import { call, manualClock, registerUser, uploadPng } from '../identity/test-support.js';
import { Dec } from '../ledger/decimal.js';
import { available, PLATFORM, post, verify } from '../ledger/ledger.js';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';

let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR, kycAutoReview: true }, { db, clock: time.clock });
});
// Every scenario leaves a ledger that sums to zero, matches its transfers and has no negative user balance.
afterEach(async () => assert.deepEqual((await verify(db)).problems, []));
after(async () => {
  await app.close();
  await cleanup();
});

function ops(operator = 'ops-lena'): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines, clock: time.clock };
}

let requests = 0;
const rid = () => `req-${(requests += 1)}-${Math.random().toString(36).slice(2, 10)}`;

/** A registered user, KYC-verified through the API (auto-review), with three document photos uploaded. */
async function borrower(options: { kyc?: boolean } = {}) {
  const user = await registerUser(app, db);
  if (options.kyc !== false) {
    const kyc = await call(app, 'POST', 'idCard/insert', {
      token: user.token,
      body: { firstName: 'Lea', lastName: 'Roux', idNumber: 'P998877', nation: 'France', documentType: 'passport', frontImage: await uploadPng(app, user.token), backImage: await uploadPng(app, user.token) },
    });
    assert.equal(kyc.data.status, 'verified', kyc.msg);
  }
  const photos = [await uploadPng(app, user.token), await uploadPng(app, user.token), await uploadPng(app, user.token)];
  return { ...user, photos };
}

/** Credits real USDT the way an arrived chain deposit does. */
async function fund(uid: string, amount: string) {
  await post(db, { key: `test-fund:${uid}:${rid()}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: uid, mode: 'real', wallet: 'platform', asset: 'USDT' }, amount },
  ] }, time.clock());
}

const balance = (uid: string) => available(db, { holder: uid, mode: 'real', wallet: 'platform', asset: 'USDT' });
const platformBalance = (wallet: 'loans' | 'fees') => available(db, { holder: PLATFORM, mode: 'real', wallet, asset: 'USDT' });

async function productId(code: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM loan_products WHERE code = $1', [code]);
  return rows[0]!.id;
}

async function apply(user: { token: string; photos: string[] }, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return call(app, 'POST', 'loan/createLoanProduct', { token: user.token, headers, body: { productId: await productId('starter-7'), amount: '500', photos: user.photos, ...body } });
}

/** Applies and has an operator approve; returns the loan id. */
async function approvedLoan(user: { token: string; photos: string[] }, body: Record<string, unknown> = {}): Promise<string> {
  const applied = await apply(user, body);
  assert.equal(applied.code, 0, applied.msg);
  await runCommand(['loan:approve', applied.data.id], ops());
  return applied.data.id;
}

const loanOf = async (token: string, id: string) => {
  const found = await call(app, 'GET', `loan/detail?id=${id}`, { token });
  assert.equal(found.code, 0, found.msg);
  return found.data;
};

test('products and rules are public, seeded once, with the spec\'s constants', async () => {
  const list = await call(app, 'GET', 'loan/productList');
  assert.equal(list.code, 0, list.msg);
  assert.deepEqual(
    list.data.map((p: Record<string, unknown>) => [p.code, p.asset, p.minAmount, p.maxAmount, p.termDays, p.dailyRate, p.lateDailyRate, p.repaymentMethod]),
    [
      ['starter-7', 'USDT', '20', '1000', 7, '0.001', '0.002', 'maturity'],
      ['standard-30', 'USDT', '100', '10000', 30, '0.0008', '0.0016', 'maturity'],
      ['plus-90', 'USDT', '1000', '50000', 90, '0.0006', '0.0012', 'maturity'],
    ],
  );
  assert.equal(list.data[0].termInterestPer100, '0.7');
  assert.match(list.data[0].repaymentMethodText, /Principal and interest at maturity/);
  // A second start seeds nothing more.
  const again = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR }, { db, clock: time.clock });
  await again.close();
  assert.equal((await db.query('SELECT 1 FROM loan_products')).rows.length, 3);

  const rules = await call(app, 'GET', 'rule/get-rule?type=loan');
  assert.equal(rules.code, 0, rules.msg);
  assert.equal(rules.data.kycRequired, true);
  assert.equal(rules.data.minPhotos, 3);
  assert.equal(rules.data.minAmount, '20');
  assert.equal(rules.data.maxAmount, '50000');
  assert.equal(rules.data.maxOpenLoans, 3);
  const text = rules.data.sections.map((s: { title: string; body: string }) => `${s.title}: ${s.body}`).join('\n');
  assert.match(text, /KYC/);
  assert.match(text, /at least 3 photos/);
  assert.match(text, /late daily rate/);
  assert.match(text, /Starter loan · 7 days: 0.1 % a day for 7 days, then 0.2 % a day/);
  assert.match(text, /never ask you for a fee in advance/);
  assert.deepEqual((await call(app, 'GET', 'rule/get-rule')).data.type, 'loan');
  assert.equal((await call(app, 'GET', 'rule/get-rule?type=wealth')).msg, 'Not found');
});

test('KYC first, real accounts only, at least 3 of the user\'s own photos, amounts within the product', async () => {
  const unverified = await borrower({ kyc: false });
  assert.equal((await apply(unverified)).msg, 'You must verify your KYC account before making a loan');
  assert.equal((await call(app, 'POST', 'loan/createLoanProduct', { body: {} })).code, 400);
  assert.equal((await call(app, 'POST', 'loan/createLoanProduct', { body: { productId: 1, amount: '50', photos: [] } })).code, 301);

  const user = await borrower();
  const other = await borrower({ kyc: false });
  assert.equal((await apply(user, {}, { usertype: 'demo' })).msg, 'Loans are available to real accounts only');
  assert.equal((await apply(user, { photos: user.photos.slice(0, 2) })).msg, 'You need to add at least 3 photos');
  assert.equal((await apply(user, { photos: [user.photos[0], user.photos[0], user.photos[0]] })).msg, 'You need to add at least 3 photos');
  assert.equal((await apply(user, { photos: [...user.photos.slice(0, 2), other.photos[0]] })).msg, 'Invalid image');
  assert.equal((await apply(user, { photos: [...user.photos.slice(0, 2), '/asset/admin/common/oss/file/0123456789abcdef0123456789abcdef.png'] })).msg, 'Invalid image');
  assert.equal((await apply(user, { amount: '19.99' })).msg, 'The amount is below the minimum (20 USDT)');
  assert.equal((await apply(user, { amount: '1000.000001' })).msg, 'The amount is above the maximum (1000 USDT)');
  assert.equal((await apply(user, { amount: '0' })).msg, 'Invalid amount');
  assert.equal((await apply(user, { amount: '20.0000001' })).msg, 'Invalid amount', 'USDT has 6 decimals');
  assert.equal((await apply(user, { productId: '999999' })).msg, 'This loan product is not available');
  assert.equal((await db.query('SELECT 1 FROM loans WHERE user_id = $1', [user.uid])).rows.length, 0);

  const applied = await apply(user, { amount: '20', requestId: 'apply-once-1' });
  assert.equal(applied.code, 0, applied.msg);
  assert.equal(applied.data.status, 'pending');
  assert.equal(applied.data.statusText, 'Waiting for approval');
  assert.deepEqual(applied.data.photos, user.photos);
  assert.equal(applied.data.amountToPay, '0');
  assert.equal(applied.data.termInterest, '0.14');
  assert.equal(applied.data.approvedAt, null);
  // A retried request is the same application.
  assert.equal((await apply(user, { amount: '20', requestId: 'apply-once-1' })).data.id, applied.data.id);
  const reusedApply = await apply(user, { amount: '30', requestId: 'apply-once-1' });
  assert.deepEqual([reusedApply.reason, reusedApply.msg], ['requestIdReused', 'This request id was already used for a different request']);

  // At most LOAN_MAX_OPEN (3) applications and unpaid loans at once.
  assert.equal((await apply(user)).code, 0);
  assert.equal((await apply(user)).code, 0);
  assert.equal((await apply(user)).msg, 'You already have the most loans open at once; repay one first');

  await runCommand(['loan:product', 'disable', 'standard-30'], ops());
  assert.equal((await apply(user, { productId: await productId('standard-30') })).msg, 'This loan product is not available');
  assert.ok(!(await call(app, 'GET', 'loan/productList')).data.some((p: { code: string }) => p.code === 'standard-30'));
  await runCommand(['loan:product', 'enable', 'standard-30'], ops());
});

test('terms are frozen at application: a product changed afterwards changes no existing loan', async () => {
  const user = await borrower();
  await fund(user.uid, '50');
  const first = await apply(user, { amount: '1000' });
  await runCommand(['loan:product', 'set', 'starter-7', '--rate', '0.005', '--late-rate', '0.01', '--days', '14', '--max', '800'], ops());
  try {
    const listed = (await call(app, 'GET', 'loan/productList')).data.find((p: { code: string }) => p.code === 'starter-7');
    assert.deepEqual([listed.dailyRate, listed.termDays, listed.maxAmount], ['0.005', 14, '800']);
    // The earlier application keeps its terms, even its amount above the new maximum, and is approved on them.
    await runCommand(['loan:approve', first.data.id], ops());
    const loan = await loanOf(user.token, first.data.id);
    assert.deepEqual([loan.amount, loan.dailyRate, loan.lateDailyRate, loan.termDays], ['1000', '0.001', '0.002', 7]);
    assert.equal(new Date(loan.dueAt).getTime() - new Date(loan.approvedAt).getTime(), 7 * DAY);
    time.advance(2 * DAY + HOUR);
    const estimate = await call(app, 'POST', 'loan/estimate-paid-loan', { token: user.token, body: { loanId: loan.id } });
    assert.equal(estimate.data.interestDue, '3', '1000 × 0.001 × 3 days, not the new 0.005');
    // A new application gets the new terms.
    const second = await apply(user, { amount: '800' });
    assert.deepEqual([second.data.dailyRate, second.data.termDays], ['0.005', 14]);
    assert.equal((await apply(user, { amount: '801' })).msg, 'The amount is above the maximum (800 USDT)');
    await runCommand(['loan:reject', second.data.id, 'Test', 'application'], ops());
    const paid = await call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: loan.id, amount: '1003', requestId: rid() } });
    assert.equal(paid.data.loan.status, 'settled', paid.msg);
  } finally {
    await runCommand(['loan:product', 'set', 'starter-7', '--rate', '0.001', '--late-rate', '0.002', '--days', '7', '--max', '1000'], ops());
  }
});

test('approval pays out once into the platform wallet and notifies; a second approval moves nothing', async () => {
  const user = await borrower();
  const applied = await apply(user, { amount: '250.5' });
  const loansBefore = await platformBalance('loans');
  const ctx = ops('ops-mia');
  await runCommand(['loan:approve', applied.data.id], ctx);
  assert.match(ctx.lines[0]!, new RegExp(`Loan ${applied.data.id} of user ${user.uid} approved: 250.5 USDT paid out`));
  assert.equal(await balance(user.uid), '250.5');

  await assert.rejects(runCommand(['loan:approve', applied.data.id], ops()), /is approved, not pending/);
  // The disbursement's key: posting it again is a replay that moves nothing.
  const replay = await post(db, { key: `loan-disburse:${applied.data.id}`, cause: { type: 'loan_disburse', id: applied.data.id }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'loans', asset: 'USDT' }, to: { holder: user.uid, mode: 'real', wallet: 'platform', asset: 'USDT' }, amount: '250.5' },
  ] }, time.clock());
  assert.equal(replay.replayed, true);
  assert.equal(await balance(user.uid), '250.5');
  assert.equal(await platformBalance('loans'), new Dec(loansBefore).minus('250.5').toFixed());

  const loan = await loanOf(user.token, applied.data.id);
  assert.equal(loan.status, 'approved');
  assert.equal(loan.principalDue, '250.5');
  assert.equal(loan.amountToPay, '250.7505', 'one day of interest from the day of payout');
  // the view is the row less what the owner never sees: whose it is, the reviewer, the stored interest days
  for (const hidden of ['userId', 'reviewedBy', 'interestDays']) assert.equal(hidden in loan, false, `${hidden} is not on the wire`);
  const audit = await db.query<{ actor: string; target: string }>("SELECT actor, target FROM audit_log WHERE action = 'loan:approve' AND detail->>'loan' = $1", [applied.data.id]);
  assert.deepEqual(audit.rows, [{ actor: 'ops-mia', target: `user:${user.uid}` }]);
  const notes = await call(app, 'GET', 'notification/list', { token: user.token });
  const approved = notes.data.list.find((n: { kind: string }) => n.kind === 'loan.approved');
  assert.equal(approved.params.amount, '250.5');
  assert.equal(approved.refId, applied.data.id);
  const changes = await call(app, 'GET', 'accountchange/list?wallet=platform', { token: user.token });
  assert.deepEqual(changes.data.list.map((c: { amount: string; causeType: string }) => [c.amount, c.causeType]), [['250.5', 'loan_disburse']]);
});

test('rejection releases nothing and shows the reason', async () => {
  const user = await borrower();
  const applied = await apply(user);
  await assert.rejects(runCommand(['loan:reject', applied.data.id], ops()), /needs a reason/);
  await runCommand(['loan:reject', applied.data.id, 'Documents', 'are', 'unreadable'], ops('ops-noa'));
  const loan = await loanOf(user.token, applied.data.id);
  assert.deepEqual([loan.status, loan.statusText, loan.reason, loan.amountToPay], ['rejected', 'Rejected', 'Documents are unreadable', '0']);
  assert.ok(loan.rejectedAt);
  assert.equal(loan.approvedAt, null);
  assert.equal(await balance(user.uid), '0');
  assert.equal((await db.query('SELECT 1 FROM ledger_batches WHERE idempotency_key = $1', [`loan-disburse:${applied.data.id}`])).rows.length, 0);
  await assert.rejects(runCommand(['loan:approve', applied.data.id], ops()), /is rejected, not pending/);
  await assert.rejects(runCommand(['loan:approve', '999999'], ops()), /Loan not found/);
  const rejected = (await call(app, 'GET', 'notification/list', { token: user.token })).data.list.find((n: { kind: string }) => n.kind === 'loan.rejected');
  assert.equal(rejected.params.reason, 'Documents are unreadable');
  assert.match(rejected.body, /Documents are unreadable/);
  const audit = await db.query<{ detail: { reason: string } }>("SELECT detail FROM audit_log WHERE action = 'loan:reject' AND actor = 'ops-noa'");
  assert.equal(audit.rows[0]!.detail.reason, 'Documents are unreadable');
  assert.equal((await call(app, 'POST', 'loan/estimate-paid-loan', { token: user.token, body: { loanId: applied.data.id } })).msg, 'This loan has nothing to repay');
  // A rejected application no longer counts against the limit; the user may apply again.
  assert.equal((await apply(user)).code, 0);
});

test('estimate, then a partial and a full repayment, with exact decimals', async () => {
  const user = await borrower();
  await fund(user.uid, '10');
  const id = await approvedLoan(user, { amount: '500' });
  const feesBefore = await platformBalance('fees');
  time.advance(2 * DAY + 12 * HOUR); // into the third day

  const full = await call(app, 'POST', 'loan/estimate-paid-loan', { token: user.token, body: { loanId: id } });
  assert.equal(full.code, 0, full.msg);
  assert.deepEqual(
    [full.data.days, full.data.principalDue, full.data.interestDue, full.data.amountToPay, full.data.amount, full.data.settles, full.data.available],
    [3, '500', '1.5', '501.5', '501.5', true, '510'],
  );
  const part = await call(app, 'POST', 'loan/estimate-paid-loan', { token: user.token, body: { loanId: id, amount: '100' } });
  assert.deepEqual([part.data.interest, part.data.principal, part.data.principalDueAfter, part.data.interestDueAfter, part.data.settles], ['1.5', '98.5', '401.5', '0', false]);
  assert.equal((await call(app, 'POST', 'loan/estimate-paid-loan', { token: user.token, body: { loanId: id, amount: '501.500001' } })).msg, 'The amount is above the amount to pay');

  const pay = (amount: string, requestId = rid()) => call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: id, amount, requestId } });
  assert.equal((await pay('501.6')).msg, 'The amount is above the amount to pay');
  assert.equal((await call(app, 'POST', 'loan/pay-one-application', { token: user.token, headers: { usertype: 'demo' }, body: { loanId: id, amount: '1', requestId: rid() } })).msg, 'Loans are available to real accounts only');
  const first = await pay('100', 'repay-first-1');
  assert.equal(first.code, 0, first.msg);
  assert.deepEqual([first.data.payment.amount, first.data.payment.interest, first.data.payment.principal], ['100', '1.5', '98.5']);
  assert.deepEqual([first.data.loan.status, first.data.loan.statusText, first.data.loan.principalDue, first.data.loan.amountToPay], ['partial', 'Settled 1 part', '401.5', '401.5']);
  // The same request again is the same payment.
  const retried = await pay('100', 'repay-first-1');
  assert.equal(retried.data.payment.id, first.data.payment.id);
  assert.equal(await balance(user.uid), '410');

  time.advance(2 * DAY); // days 4 and 5 on the 401.5 still owed
  const later = await call(app, 'POST', 'loan/estimate-paid-loan', { token: user.token, body: { loanId: id } });
  assert.deepEqual([later.data.days, later.data.interestDue, later.data.amountToPay], [5, '0.803', '402.303']);
  const second = await pay('402.303');
  assert.equal(second.code, 0, second.msg);
  assert.deepEqual([second.data.payment.interest, second.data.payment.principal], ['0.803', '401.5']);
  const loan = second.data.loan;
  assert.deepEqual([loan.status, loan.statusText, loan.principalDue, loan.interestDue, loan.amountToPay, loan.interest, loan.principalPaid, loan.interestPaid], ['settled', 'Settled the loan', '0', '0', '0', '2.303', '500', '2.303']);
  assert.ok(loan.settledAt);
  assert.equal(await balance(user.uid), '7.697');
  assert.equal(new Dec(await platformBalance('fees')).minus(feesBefore).toFixed(), '2.303');
  assert.equal((await pay('1')).msg, 'This loan has nothing to repay');

  const history = await call(app, 'GET', `loan/paid-history?loanId=${id}`, { token: user.token });
  assert.deepEqual(history.data.list.map((p: Record<string, string>) => [p.amount, p.principal, p.interest, p.productName]), [
    ['402.303', '401.5', '0.803', 'Starter loan · 7 days'],
    ['100', '98.5', '1.5', 'Starter loan · 7 days'],
  ]);
  const settledNote = (await call(app, 'GET', 'notification/list', { token: user.token })).data.list.find((n: { kind: string }) => n.kind === 'loan.settled');
  assert.equal(settledNote.refId, id);
  const settled = await call(app, 'GET', 'loan/userProductList?status=settled', { token: user.token });
  assert.deepEqual(settled.data.list.map((l: { id: string }) => l.id), [id]);
});

test('days past the term are charged at the late rate; a payment above the balance is refused', async () => {
  const user = await borrower();
  const id = await approvedLoan(user, { amount: '200' });
  time.advance(9 * DAY + HOUR); // day 10: 7 days at 0.001, 3 at 0.002
  // Sessions last 7 days: log in again.
  const login = await call(app, 'POST', 'user/login', { body: { email: user.email, password: 'secret12' } });
  assert.equal(login.code, 0, login.msg);
  user.token = login.data.token;
  const loan = await loanOf(user.token, id);
  assert.deepEqual([loan.days, loan.overdue, loan.interestDue, loan.amountToPay], [10, true, '2.6', '202.6']);
  const refused = await call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: id, amount: '202.6', requestId: rid() } });
  assert.equal(refused.msg, 'Insufficient balance');
  assert.equal((await loanOf(user.token, id)).status, 'approved');
  assert.equal((await db.query('SELECT 1 FROM loan_payments WHERE loan_id = $1', [id])).rows.length, 0);
  const part = await call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: id, amount: '2', requestId: rid() } });
  assert.deepEqual([part.data.payment.interest, part.data.payment.principal, part.data.loan.interestDue, part.data.loan.principalDue], ['2', '0', '0.6', '200']);
  assert.equal(part.data.loan.status, 'partial');
  // Someone else's loan is not found.
  const stranger = await borrower();
  assert.equal((await call(app, 'POST', 'loan/pay-one-application', { token: stranger.token, body: { loanId: id, amount: '1', requestId: rid() } })).msg, 'Loan not found');
  await fund(user.uid, '2.6');
  assert.equal((await call(app, 'POST', 'loan/pay-all-applications', { token: user.token, body: { requestId: rid() } })).data.loans[0].status, 'settled');
});

test('pay-all settles every open loan, or none when the balance does not cover them all', async () => {
  const user = await borrower();
  const a = await approvedLoan(user, { amount: '100' });
  const b = await approvedLoan(user, { amount: '200' });
  const pending = await apply(user, { amount: '50' });
  time.advance(HOUR);
  // Spend part of the loans elsewhere: 300 − 150 leaves less than the 300.3 owed.
  const moved = await call(app, 'POST', 'account/transferAsset', { token: user.token, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '150', requestId: rid() } });
  assert.equal(moved.code, 0, moved.msg);

  const estimate = await call(app, 'GET', 'loan/estimate-paid-loans', { token: user.token });
  assert.deepEqual(
    [estimate.data.count, estimate.data.principalDue, estimate.data.interestDue, estimate.data.amountToPay, estimate.data.available, estimate.data.enough],
    [2, '300', '0.3', '300.3', '150', false],
  );
  assert.deepEqual(estimate.data.loans.map((l: { loanId: string; amountToPay: string }) => [l.loanId, l.amountToPay]), [[a, '100.1'], [b, '200.2']]);
  const open = await call(app, 'GET', 'loan/userProductList?status=open', { token: user.token });
  assert.deepEqual(open.data.list.map((l: { id: string }) => l.id), [b, a]);

  const refused = await call(app, 'POST', 'loan/pay-all-applications', { token: user.token, body: { requestId: 'pay-all-once-1' } });
  assert.equal(refused.msg, 'Insufficient balance');
  for (const id of [a, b]) assert.equal((await loanOf(user.token, id)).status, 'approved');
  assert.equal((await db.query('SELECT 1 FROM loan_payments WHERE user_id = $1', [user.uid])).rows.length, 0);
  assert.equal(await balance(user.uid), '150');

  await fund(user.uid, '150.3');
  const paid = await call(app, 'POST', 'loan/pay-all-applications', { token: user.token, body: { requestId: 'pay-all-once-1' } });
  assert.equal(paid.code, 0, paid.msg);
  assert.deepEqual([paid.data.total, paid.data.principal, paid.data.interest], ['300.3', '300', '0.3']);
  assert.deepEqual(paid.data.loans.map((l: { status: string }) => l.status), ['settled', 'settled']);
  assert.equal(await balance(user.uid), '0');
  const retried = await call(app, 'POST', 'loan/pay-all-applications', { token: user.token, body: { requestId: 'pay-all-once-1' } });
  assert.deepEqual(retried.data.payments.map((p: { id: string }) => p.id), paid.data.payments.map((p: { id: string }) => p.id));
  assert.equal((await call(app, 'POST', 'loan/pay-all-applications', { token: user.token, body: { requestId: rid() } })).msg, 'You have no loan to repay');
  // The pending application was not touched.
  assert.equal((await loanOf(user.token, pending.data.id)).status, 'pending');

  const all = await call(app, 'GET', 'loan/userProductList?page=1&size=2', { token: user.token });
  assert.equal(all.data.total, 3);
  assert.equal(all.data.list.length, 2);
  const history = await call(app, 'GET', 'loan/paid-history', { token: user.token });
  assert.equal(history.data.total, 2);
});

test('repayments racing on one loan: one full payment wins, a duplicate request pays once', async () => {
  const user = await borrower();
  await fund(user.uid, '1000');
  const id = await approvedLoan(user, { amount: '100' });
  const pay = (requestId: string) => call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: id, amount: '100.1', requestId } });
  const raced = await Promise.all([pay('race-a-1'), pay('race-b-1')]);
  assert.deepEqual(raced.map((r) => r.msg).sort(), ['This loan has nothing to repay', 'ok']);
  assert.equal(await balance(user.uid), '999.9');

  const other = await approvedLoan(user, { amount: '100' });
  const same = await Promise.all([1, 2, 3].map(() => call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: other, amount: '50', requestId: 'same-request-9' } })));
  assert.deepEqual(same.map((r) => r.code), [0, 0, 0]);
  assert.equal(new Set(same.map((r) => r.data.payment.id)).size, 1);
  const reusedPay = await call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: other, amount: '10', requestId: 'same-request-9' } });
  assert.deepEqual([reusedPay.reason, reusedPay.msg], ['requestIdReused', 'This request id was already used for a different request']);
  const replayed = await call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: other, amount: '50', requestId: 'same-request-9' } });
  assert.equal(replayed.data.payment.id, same[0]!.data.payment.id);
  assert.equal((await loanOf(user.token, other)).principalDue, '50.1');
});

test('the platform loans account mirrors the principal users still owe', async () => {
  const { rows } = await db.query<{ owed: string | null }>("SELECT sum(principal_due)::text AS owed FROM loans WHERE status IN ('approved', 'partial')");
  assert.equal(new Dec(await platformBalance('loans')).negated().toFixed(), new Dec(rows[0]!.owed ?? '0').toFixed());
});

test(`each loan call sent ${AT_ONCE} times at once does its work once and answers each copy alike`, async () => {
  const user = await borrower();
  await fund(user.uid, '1000');
  const applied = await sameRequestAtOnce(() => apply(user, { amount: '100', requestId: 'burst-apply-1' }));
  assertReused(await apply(user, { amount: '101', requestId: 'burst-apply-1' }));
  assert.equal((await db.query('SELECT 1 FROM loans WHERE user_id = $1', [user.uid])).rows.length, 1);
  await runCommand(['loan:approve', applied.data.id], ops());
  const second = await approvedLoan(user, { amount: '200' });
  time.advance(HOUR);

  const payOne = (amount: string) => call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: applied.data.id, amount, requestId: 'burst-pay-1' } });
  await sameRequestAtOnce(() => payOne('40'));
  assertReused(await payOne('41'));
  assert.equal(await balance(user.uid), '1260');
  assert.equal((await loanOf(user.token, applied.data.id)).principalDue, '60.1');

  const payAll = () => call(app, 'POST', 'loan/pay-all-applications', { token: user.token, body: { requestId: 'burst-pay-all-1' } });
  const all = await sameRequestAtOnce(payAll);
  assert.deepEqual([all.data.payments.length, all.data.loans.map((l: { status: string }) => l.status)], [2, ['settled', 'settled']]);
  // the pay-one request id again, for another loan
  assertReused(await call(app, 'POST', 'loan/pay-one-application', { token: user.token, body: { loanId: second, amount: '1', requestId: 'burst-pay-1' } }));
  assert.equal(await balance(user.uid), new Dec(1260).minus(all.data.total).toFixed());
  assert.equal((await db.query('SELECT 1 FROM loan_payments WHERE user_id = $1', [user.uid])).rows.length, 3);
});
