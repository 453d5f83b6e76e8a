import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp, testConfig } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { recordBackofficeDeposit } from '../deposits/service.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { verify } from '../ledger/ledger.js';
import { findCurrency } from '../wallet/currencies.js';
import { addMonths, feeTerms } from './fees.js';
import { approveWithdrawal, rejectWithdrawal } from './review.js';
import { WITHDRAW_NOTICE } from './service.js';
import { AT_ONCE, assertReused, sameRequestAtOnce } from '../../testing/same-request.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock(Date.parse('2026-03-01T09:00:00Z'));
const DAY = 86_400_000;

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** A user who signed up 4 months before the rest (registered at the clock's start, which then moves on). */
let veteran: { token: string; uid: string; email: string };

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, money: { ...testConfig().money, depositConfirmMs: 3_600_000 } }, { db, clock: time.clock });
  veteran = await registerUser(app, db, { password: 'secret12' });
  time.advance(122 * DAY); // 2026-07-01: four months later
  const login = await call(app, 'POST', 'user/login', { body: { email: veteran.email, password: 'secret12' } });
  assert.equal(login.code, 0, login.msg);
  veteran.token = login.data.token;
  await setFundPassword(veteran.token);
  await fund(veteran.uid, '1000');
});
after(async () => {
  const report = await verify(db);
  assert.deepEqual(report.problems, []);
  await app.close();
  await cleanup();
});

let evidence = 0;
async function fund(uid: string, amount: string, asset = 'USDT') {
  evidence += 1;
  await recordBackofficeDeposit(db, { userId: uid, asset, amount, evidence: `test-evidence-${evidence}`, operator: 'test' }, time.clock());
}

async function setFundPassword(token: string, password = 'fund1234') {
  const set = await call(app, 'POST', 'user/update', { token, body: { kind: 'fundPassword', password, confirmPassword: password } });
  assert.equal(set.code, 0, set.msg);
}

/** A user registered now (inside the new-user window) with a fund password and 500 USDT. */
async function newUser(amount = '500') {
  const user = await registerUser(app, db);
  await setFundPassword(user.token);
  if (amount !== '0') await fund(user.uid, amount);
  return user;
}

async function usdt(token: string): Promise<{ available: string; frozen: string }> {
  const list = await call(app, 'POST', 'account/list', { token });
  const platform = list.data.wallets.find((w: { wallet: string }) => w.wallet === 'platform');
  const row = platform.assets.find((a: { asset: string }) => a.asset === 'USDT');
  return { available: row.available, frozen: row.frozen };
}

async function platformBalance(wallet: string, asset = 'USDT'): Promise<number> {
  const { rows } = await db.query<{ b: string }>(
    "SELECT COALESCE(SUM(balance), 0)::text AS b FROM ledger_accounts WHERE holder = 0 AND mode = 'real' AND wallet = $1 AND asset = $2",
    [wallet, asset],
  );
  return Number(rows[0]!.b);
}

let requests = 0;
const nextRequest = () => `wd-request-${(requests += 1)}-${Math.random().toString(36).slice(2, 8)}`;
const create = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(app, 'POST', 'userwithdraw/create', { token, headers, body: { asset: 'USDT', chain: 'TRC20', address: TRON, amount: '100', fundPassword: 'fund1234', requestId: nextRequest(), ...body } });
const saveAddress = (token: string, body: Record<string, unknown>) => call(app, 'POST', 'currencyAddress/insert', { token, body });

describe('address book', () => {
  test('saves addresses checked for the coin\'s chain and format, refuses duplicates, lists, shows and deletes', async () => {
    const { token } = await newUser('0');
    const tron = await saveAddress(token, { asset: 'usdt', chain: 'trc20', address: TRON, alias: 'My Tron' });
    assert.equal(tron.code, 0, tron.msg);
    assert.deepEqual({ ...tron.data, id: '', createdAt: '' }, { id: '', asset: 'USDT', chain: 'TRC20', address: TRON, alias: 'My Tron', createdAt: '' });
    assert.equal((await saveAddress(token, { asset: 'USDT', chain: 'ERC20', address: EVM })).code, 0);
    assert.equal((await saveAddress(token, { asset: 'BTC', chain: 'BTC', address: BTC, alias: 'cold' })).code, 0);

    const invalid = 'Invalid chain type';
    assert.equal((await saveAddress(token, { asset: 'USDT', chain: 'BTC', address: BTC })).msg, invalid, 'not a chain of the coin');
    assert.equal((await saveAddress(token, { asset: 'USDT', chain: 'TRC20', address: EVM })).msg, invalid, 'an EVM address on TRON');
    assert.equal((await saveAddress(token, { asset: 'USDT', chain: 'ERC20', address: TRON })).msg, invalid);
    assert.equal((await saveAddress(token, { asset: 'USDT', chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).msg, invalid, 'checksum');
    assert.equal((await saveAddress(token, { asset: 'BTC', chain: 'BTC', address: '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggv' })).msg, invalid, 'checksum');
    assert.equal((await saveAddress(token, { asset: 'NOPE', chain: 'BTC', address: BTC })).msg, 'Unknown currency');
    assert.equal((await saveAddress(token, { asset: 'USDT', chain: 'ERC20', address: EVM.toLowerCase() })).msg, 'This address is already saved');
    assert.equal((await saveAddress(token, { asset: 'USDT', chain: 'TRC20' })).code, 400);

    const usdtList = await call(app, 'GET', 'currencyAddress/currencyList?asset=USDT', { token });
    assert.deepEqual(usdtList.data.map((a: { chain: string }) => a.chain), ['ERC20', 'TRC20']);
    assert.equal((await call(app, 'GET', 'currencyAddress/currencyList', { token })).data.length, 3);
    assert.equal((await call(app, 'GET', 'currencyAddress/currencyList?asset=USDT&chain=TRC20', { token })).data.length, 1);
    const info = await call(app, 'GET', `currencyAddress/info?id=${tron.data.id}`, { token });
    assert.equal(info.data.address, TRON);

    const stranger = await registerUser(app, db);
    assert.equal((await call(app, 'GET', `currencyAddress/info?id=${tron.data.id}`, { token: stranger.token })).msg, 'Not found');
    assert.equal((await call(app, 'POST', 'currencyAddress/delete', { token: stranger.token, body: { id: tron.data.id } })).msg, 'Not found');
    assert.deepEqual((await call(app, 'GET', 'currencyAddress/currencyList', { token: stranger.token })).data, []);

    assert.equal((await call(app, 'POST', 'currencyAddress/delete', { token, body: { id: tron.data.id } })).code, 0);
    assert.equal((await call(app, 'GET', `currencyAddress/info?id=${tron.data.id}`, { token })).msg, 'Not found');
    assert.equal((await call(app, 'POST', 'currencyAddress/delete', { token, body: { id: tron.data.id } })).msg, 'Not found');
    assert.equal((await call(app, 'POST', 'currencyAddress/delete')).code, 400);
  });
});

describe('fees', () => {
  test('calendar months, kept to the end of shorter months', () => {
    assert.equal(addMonths(new Date('2026-01-15T10:00:00Z'), 3).toISOString(), '2026-04-15T10:00:00.000Z');
    assert.equal(addMonths(new Date('2025-11-30T10:00:00Z'), 3).toISOString(), '2026-02-28T10:00:00.000Z');
    assert.equal(addMonths(new Date('2026-10-31T00:00:00Z'), 4).toISOString(), '2027-02-28T00:00:00.000Z');
  });

  test('the exemption ends exactly three months after sign-up, and none is given with 0 months', () => {
    const usdtCoin = findCurrency('USDT');
    const signUp = new Date('2026-03-01T09:00:00Z');
    const end = new Date('2026-06-01T09:00:00Z');
    assert.deepEqual(feeTerms(usdtCoin, signUp, new Date(end.getTime() - 1), 3), { fee: '0', standardFee: '1', feeExempt: true, feeExemptUntil: end });
    assert.deepEqual(feeTerms(usdtCoin, signUp, end, 3), { fee: '1', standardFee: '1', feeExempt: false, feeExemptUntil: end });
    assert.deepEqual(feeTerms(usdtCoin, signUp, signUp, 0), { fee: '1', standardFee: '1', feeExempt: false, feeExemptUntil: null });
  });

  test('estimate: a user created today is exempt, one created 4 months ago pays the coin\'s fee', async () => {
    const fresh = await newUser();
    const mine = await call(app, 'GET', 'userwithdraw/estimate?asset=USDT&amount=100', { token: fresh.token });
    assert.equal(mine.code, 0, mine.msg);
    assert.deepEqual(
      { ...mine.data, feeExemptUntil: undefined },
      {
        asset: 'USDT',
        chains: [{ id: 'TRC20', name: 'TRON (TRC20)' }, { id: 'ERC20', name: 'Ethereum (ERC20)' }, { id: 'BEP20', name: 'BNB Smart Chain (BEP20)' }],
        min: '20',
        max: '1000000',
        fee: '0',
        standardFee: '1',
        feeExempt: true,
        feeExemptUntil: undefined,
        amount: '100',
        amountAfterFee: '100',
        available: '500',
        notice: WITHDRAW_NOTICE,
      },
    );
    assert.equal(mine.data.feeExemptUntil, '2026-10-01T09:00:00.000Z');
    assert.match(mine.data.notice, /never asks for any extra payment/);

    const old = await call(app, 'GET', 'userwithdraw/estimate?asset=USDT&amount=100', { token: veteran.token });
    assert.deepEqual([old.data.fee, old.data.feeExempt, old.data.amountAfterFee], ['1', false, '99']);
    const terms = await call(app, 'GET', 'userwithdraw/estimate?asset=BTC', { token: veteran.token });
    assert.deepEqual([terms.data.fee, terms.data.amount, terms.data.amountAfterFee, terms.data.min], ['0.0001', null, null, '0.0005']);
    assert.equal((await call(app, 'GET', 'userwithdraw/estimate?asset=USDT&amount=abc', { token: veteran.token })).msg, 'Invalid amount');
  });
});

describe('withdrawals', () => {
  test('create refuses with the spec\'s texts, in order, and moves nothing', async () => {
    const { token } = await newUser();
    assert.equal((await create(token, { amount: undefined })).msg, 'Invalid amount');
    assert.equal((await create(token, { amount: '' })).msg, 'Invalid amount');
    assert.equal((await create(token, { amount: '0' })).msg, 'Invalid amount');
    assert.equal((await create(token, { amount: '-5' })).msg, 'Invalid amount');
    assert.equal((await create(token, { amount: '25.1234567' })).msg, 'Invalid amount', 'USDT has 6 decimals');
    assert.equal((await create(token, { amount: '19.999999' })).msg, 'The amount is below the minimum');
    assert.equal((await create(token, { amount: '1000000.000001' })).msg, 'The amount is above the maximum');
    assert.equal((await create(token, { address: undefined })).msg, 'Please set an address first');
    assert.equal((await create(token, { address: '  ' })).msg, 'Please set an address first');
    assert.equal((await create(token, { address: undefined, addressId: '999999' })).msg, 'Please set an address first');
    assert.equal((await create(token, { address: EVM })).msg, 'Invalid chain type');
    assert.equal((await create(token, { chain: 'BTC' })).msg, 'Invalid chain type');
    assert.equal((await create(token, { fundPassword: 'wrong-one' })).msg, 'The fund password is not correct');
    assert.equal((await create(token, { fundPassword: undefined })).msg, 'The fund password is not correct');
    assert.equal((await create(token, { amount: '500.000001' })).msg, 'Insufficient balance');
    assert.equal((await create(token, { requestId: 'bad id!' })).code, 400);
    const noPassword = await registerUser(app, db);
    assert.equal((await create(noPassword.token, {})).msg, 'Set a fund password first');
    assert.deepEqual(await usdt(token), { available: '500', frozen: '0' });
    assert.equal((await call(app, 'GET', 'userwithdraw/list', { token })).data.total, 0);
    // Inclusive limits: exactly the minimum is accepted.
    assert.equal((await create(token, { amount: '20' })).code, 0);
  });

  test('demo accounts cannot withdraw', async () => {
    const { token } = await newUser();
    const demo = { usertype: 'demo' };
    const text = 'Withdrawals are made from the real account; switch to the real account to withdraw';
    assert.equal((await create(token, {}, demo)).msg, text);
    assert.equal((await call(app, 'GET', 'userwithdraw/estimate?asset=USDT', { token, headers: demo })).msg, text);
    assert.equal((await call(app, 'POST', 'userwithdraw/confirm', { token, headers: demo, body: { asset: 'USDT', amount: '30', address: TRON, chain: 'TRC20' } })).msg, text);
    assert.deepEqual((await call(app, 'GET', 'userwithdraw/list', { token, headers: demo })).data.list, []);
  });

  test('confirm answers the confirmation sheet without storing or moving anything', async () => {
    const { token } = await newUser();
    const saved = await saveAddress(token, { asset: 'USDT', chain: 'ERC20', address: EVM, alias: 'exchange' });
    const sheet = await call(app, 'POST', 'userwithdraw/confirm', { token, body: { asset: 'USDT', addressId: saved.data.id, amount: '120.5' } });
    assert.equal(sheet.code, 0, sheet.msg);
    assert.deepEqual(
      { ...sheet.data, feeExemptUntil: undefined },
      {
        asset: 'USDT', chain: 'ERC20', chainName: 'Ethereum (ERC20)', address: EVM, alias: 'exchange', amount: '120.5', fee: '0', standardFee: '1',
        feeExempt: true, feeExemptUntil: undefined, amountAfterFee: '120.5', available: '500', fundPasswordSet: true, notice: WITHDRAW_NOTICE,
      },
    );
    assert.equal((await call(app, 'POST', 'userwithdraw/confirm', { token, body: { asset: 'USDT', addressId: saved.data.id, amount: '600' } })).msg, 'Insufficient balance');
    assert.equal((await call(app, 'POST', 'userwithdraw/confirm', { token, body: { asset: 'USDT', addressId: saved.data.id, chain: 'TRC20', amount: '30' } })).msg, 'Invalid chain type');
    assert.equal((await call(app, 'POST', 'userwithdraw/confirm', { token, body: { asset: 'BTC', addressId: saved.data.id, amount: '0.01' } })).msg, 'Invalid chain type');
    assert.deepEqual(await usdt(token), { available: '500', frozen: '0' });
    assert.equal((await call(app, 'GET', 'userwithdraw/list', { token })).data.total, 0);
  });

  test('create freezes the amount; the same requestId answers the same withdrawal; cancel releases it', async () => {
    const { token, uid } = await newUser();
    const saved = await saveAddress(token, { asset: 'USDT', chain: 'TRC20', address: TRON, alias: 'tron' });
    const requestId = nextRequest();
    const made = await create(token, { address: undefined, chain: undefined, addressId: saved.data.id, amount: '150.25', requestId });
    assert.equal(made.code, 0, made.msg);
    const w = made.data;
    assert.deepEqual(
      [w.status, w.asset, w.chain, w.chainName, w.address, w.alias, w.amount, w.fee, w.feeExempt, w.amountAfterFee, w.txHash, w.reason],
      ['pending', 'USDT', 'TRC20', 'TRON (TRC20)', TRON, 'tron', '150.25', '0', true, '150.25', null, null],
    );
    assert.equal(w.notice, WITHDRAW_NOTICE);
    assert.equal(w.userId, undefined);
    assert.deepEqual(w.events.map((e: { status: string; actor: string }) => [e.status, e.actor]), [['pending', 'user']]);
    assert.deepEqual(await usdt(token), { available: '349.75', frozen: '150.25' });

    const again = await create(token, { address: undefined, chain: undefined, addressId: saved.data.id, amount: '150.25', requestId });
    assert.equal(again.data.id, w.id);
    // The same key with another body is refused; a replay needs the fund password again.
    const reused = await create(token, { address: undefined, chain: undefined, addressId: saved.data.id, amount: '10', requestId });
    assert.deepEqual([reused.reason, reused.msg], ['requestIdReused', 'This request id was already used for a different request']);
    const noPassword = await create(token, { address: undefined, chain: undefined, addressId: saved.data.id, amount: '150.25', requestId, fundPassword: 'wrong-one' });
    assert.equal(noPassword.msg, 'The fund password is not correct');
    assert.deepEqual(await usdt(token), { available: '349.75', frozen: '150.25' });
    const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM withdrawals WHERE user_id = $1', [uid]);
    assert.equal(rows[0]!.n, '1');
    // Deleting the address later changes nothing of the request.
    await call(app, 'POST', 'currencyAddress/delete', { token, body: { id: saved.data.id } });

    const stranger = await newUser('0');
    assert.equal((await call(app, 'POST', 'userwithdraw/cancel', { token: stranger.token, body: { id: w.id } })).msg, 'Not found');
    time.advance(60_000);
    const canceled = await call(app, 'POST', 'userwithdraw/cancel', { token, body: { id: w.id } });
    assert.equal(canceled.code, 0, canceled.msg);
    assert.equal(canceled.data.status, 'canceled');
    assert.ok(canceled.data.canceledAt);
    assert.equal(canceled.data.address, TRON);
    assert.deepEqual(canceled.data.events.map((e: { status: string; actor: string }) => [e.status, e.actor]), [['pending', 'user'], ['canceled', 'user']]);
    assert.deepEqual(await usdt(token), { available: '500', frozen: '0' });
    assert.equal((await call(app, 'POST', 'userwithdraw/cancel', { token, body: { id: w.id } })).msg, 'This request is no longer pending');
  });

  test('racing requests: one requestId freezes once, and two withdrawals cannot both spend one balance', async () => {
    const { token, uid } = await newUser();
    const requestId = nextRequest();
    const [a, b] = await Promise.all([create(token, { amount: '100', requestId }), create(token, { amount: '100', requestId })]);
    assert.equal(a.code, 0, a.msg);
    assert.equal(b.data.id, a.data.id);
    assert.deepEqual(await usdt(token), { available: '400', frozen: '100' });
    const [c, d] = await Promise.all([create(token, { amount: '300' }), create(token, { amount: '300' })]);
    assert.deepEqual([c.msg, d.msg].sort(), ['Insufficient balance', 'ok']);
    assert.deepEqual(await usdt(token), { available: '100', frozen: '400' });
    const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM withdrawals WHERE user_id = $1', [uid]);
    assert.equal(rows[0]!.n, '2');
  });

  test('reject releases the amount with the reason visible in the list and a notification', async () => {
    const { token } = await newUser();
    const w = (await create(token, { amount: '200' })).data;
    assert.deepEqual(await usdt(token), { available: '300', frozen: '200' });
    time.advance(60_000);
    await rejectWithdrawal(db, w.id, 'ops-test', 'Address flagged by compliance', time.clock());
    assert.deepEqual(await usdt(token), { available: '500', frozen: '0' });
    const [listed] = (await call(app, 'GET', 'userwithdraw/list', { token })).data.list;
    assert.deepEqual([listed.status, listed.reason], ['rejected', 'Address flagged by compliance']);
    assert.ok(listed.rejectedAt);
    assert.deepEqual(
      listed.events.map((e: { status: string; actor: string; reason: string | null }) => [e.status, e.actor, e.reason]),
      [['pending', 'user', null], ['rejected', 'operator', 'Address flagged by compliance']],
    );
    assert.equal(JSON.stringify(listed).includes('ops-test'), false, "the operator's name stays internal");
    const notes = (await call(app, 'GET', 'notification/list', { token })).data.list;
    assert.deepEqual(notes.map((n: { kind: string }) => n.kind), ['withdrawal.rejected', 'deposit.credited']);
    assert.equal(notes[0].params.reason, 'Address flagged by compliance');
    await assert.rejects(rejectWithdrawal(db, w.id, 'ops-test', 'again', time.clock()), /is rejected, not pending/);
    await assert.rejects(approveWithdrawal(db, w.id, 'ops-test', time.clock()), /is rejected, not pending/);
    assert.equal((await call(app, 'POST', 'userwithdraw/cancel', { token, body: { id: w.id } })).msg, 'This request is no longer pending');
  });

  test('approve pays out: amount after fee to the chain, the fee to fees, with a tx hash and a notification', async () => {
    const chainBefore = await platformBalance('chain');
    const feesBefore = await platformBalance('fees');
    const w = (await create(veteran.token, { amount: '300', chain: 'ERC20', address: EVM })).data;
    assert.deepEqual([w.fee, w.feeExempt, w.amountAfterFee], ['1', false, '299']);
    assert.deepEqual(await usdt(veteran.token), { available: '700', frozen: '300' });
    time.advance(3_600_000);
    const done = await approveWithdrawal(db, w.id, 'ops-test', time.clock());
    assert.equal(done.status, 'completed');
    assert.match(done.txHash!, /^0x[0-9a-f]{64}$/);
    assert.deepEqual(await usdt(veteran.token), { available: '700', frozen: '0' });
    assert.equal(await platformBalance('chain') - chainBefore, 299);
    assert.equal(await platformBalance('fees') - feesBefore, 1);

    const [listed] = (await call(app, 'GET', 'userwithdraw/list?status=Completed', { token: veteran.token })).data.list;
    assert.equal(listed.id, w.id);
    assert.equal(listed.txHash, done.txHash);
    assert.ok(listed.approvedAt && listed.completedAt);
    assert.deepEqual(listed.events.map((e: { status: string; actor: string }) => [e.status, e.actor]), [['pending', 'user'], ['approved', 'operator'], ['completed', 'system']]);
    const notes = (await call(app, 'GET', 'notification/list', { token: veteran.token })).data.list;
    assert.equal(notes[0].kind, 'withdrawal.approved');
    assert.deepEqual([notes[0].params.amountAfterFee, notes[0].params.txHash], ['299', done.txHash]);
    await assert.rejects(approveWithdrawal(db, w.id, 'ops-test', time.clock()), /is completed, not pending/);
    await assert.rejects(approveWithdrawal(db, '99999999', 'ops-test', time.clock()), /No withdrawal 99999999/);
  });

  test('an exempt user pays no fee: the whole amount goes to the chain', async () => {
    const { token } = await newUser();
    const feesBefore = await platformBalance('fees');
    const w = (await create(token, { amount: '50' })).data;
    const done = await approveWithdrawal(db, w.id, 'ops-test', time.clock());
    assert.deepEqual([done.fee, done.amountAfterFee, done.status], ['0', '50', 'completed']);
    assert.equal(await platformBalance('fees'), feesBefore);
    assert.deepEqual(await usdt(token), { available: '450', frozen: '0' });
  });

  test('the list filters by coin and status and pages', async () => {
    const { token, uid } = await newUser();
    await fund(uid, '1', 'BTC');
    const ids: string[] = [];
    for (const amount of ['30', '40', '50']) ids.push((await create(token, { amount })).data.id);
    const btc = await create(token, { asset: 'BTC', chain: 'BTC', address: BTC, amount: '0.5' });
    assert.equal(btc.code, 0, btc.msg);
    await call(app, 'POST', 'userwithdraw/cancel', { token, body: { id: ids[0] } });
    const all = (await call(app, 'GET', 'userwithdraw/list', { token })).data;
    assert.deepEqual([all.total, all.list.map((w: { asset: string; amount: string }) => `${w.amount} ${w.asset}`)], [4, ['0.5 BTC', '50 USDT', '40 USDT', '30 USDT']]);
    const page = (await call(app, 'GET', 'userwithdraw/list?asset=USDT&page=2&size=2', { token })).data;
    assert.deepEqual([page.total, page.list.map((w: { amount: string }) => w.amount)], [3, ['30']]);
    assert.equal((await call(app, 'GET', 'userwithdraw/list?status=pending', { token })).data.total, 3);
    assert.equal((await call(app, 'GET', 'userwithdraw/list?status=canceled', { token })).data.total, 1);
    assert.equal((await call(app, 'GET', 'userwithdraw/list?status=lost', { token })).code, 400);
  });

  test('wrong fund passwords are limited like logins: after 5 in a row, withdrawals pause for 15 minutes', async () => {
    const { token } = await newUser();
    for (let i = 0; i < 4; i += 1) assert.equal((await create(token, { fundPassword: `nope-${i}` })).msg, 'The fund password is not correct');
    // A right password clears the count.
    assert.equal((await create(token, { amount: '20' })).code, 0);
    for (let i = 0; i < 5; i += 1) assert.equal((await create(token, { fundPassword: `nope-${i}` })).msg, 'The fund password is not correct');
    const locked = 'Too many wrong fund passwords, please try again later';
    assert.equal((await create(token, {})).msg, locked, 'even the right password waits');
    time.advance(14 * 60_000);
    assert.equal((await create(token, {})).msg, locked);
    time.advance(60_000 + 1);
    const after = await create(token, { amount: '30' });
    assert.equal(after.code, 0, after.msg);
    assert.deepEqual(await usdt(token), { available: '450', frozen: '50' });
  });

  test('a parallel burst of wrong fund passwords is evaluated at most 5 times, and the right one after it waits', async () => {
    const { token } = await newUser();
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => create(token, { fundPassword: `burst-${i}` })));
    const answers = burst.map((r) => r.msg);
    assert.equal(answers.filter((m) => m === 'The fund password is not correct').length, 5, answers.join(' | '));
    assert.equal(answers.filter((m) => m === 'Too many wrong fund passwords, please try again later').length, 25);
    const right = await create(token, {});
    assert.equal(right.msg, 'Too many wrong fund passwords, please try again later');
    assert.deepEqual(await usdt(token), { available: '500', frozen: '0' });
    time.advance(15 * 60_000 + 1);
  });

  test('only wrong fund passwords count: parallel withdrawals with the right one, and retries of one, are never paused', async () => {
    const { token, uid } = await newUser('2000');
    const locked = 'Too many wrong fund passwords, please try again later';
    const parallel = await Promise.all(Array.from({ length: 10 }, () => create(token, { amount: '20' })));
    assert.deepEqual(parallel.map((r) => r.msg), Array(10).fill('ok'));
    const requestId = nextRequest();
    const retries = await Promise.all(Array.from({ length: 10 }, () => create(token, { amount: '30', requestId })));
    assert.ok(retries.every((r) => r.msg !== locked), retries.map((r) => r.msg).join(' | '));
    assert.deepEqual(new Set(retries.map((r) => r.data?.id)).size, 1, 'one withdrawal');
    assert.deepEqual(await usdt(token), { available: '1770', frozen: '230' });
    // right passwords gave their tries back: the full allowance of wrong ones is still there
    for (let i = 0; i < 4; i += 1) assert.equal((await create(token, { fundPassword: `nope-${i}` })).msg, 'The fund password is not correct');
    const last = await create(token, { amount: '20' });
    assert.equal(last.code, 0, last.msg);
    const { rows } = await db.query<{ failures: number; checking: number }>('SELECT failures, checking FROM fund_password_failures WHERE user_id = $1', [uid]);
    assert.deepEqual(rows.map((r) => [Number(r.failures), Number(r.checking)]), [[0, 0]]);
  });
});

test(`the same withdrawal sent ${AT_ONCE} times at once freezes once and answers each copy alike`, async () => {
  const { token, uid } = await newUser();
  const requestId = nextRequest();
  await sameRequestAtOnce(() => create(token, { amount: '120', requestId }));
  assertReused(await create(token, { amount: '121', requestId }));
  assert.deepEqual(await usdt(token), { available: '380', frozen: '120' });
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM withdrawals WHERE user_id = $1', [uid]);
  assert.equal(rows[0]!.n, '1');
});
