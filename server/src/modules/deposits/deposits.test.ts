import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { testApp, testConfig } from '../../testing/app.js';
import { testDb, type TestStore } from '../../testing/test-db.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { available, verify } from '../ledger/ledger.js';
import { confirmDeposits } from './service.js';

let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();

/** Money settings with the job's interval and the confirmations a test wants (the job is off unless asked: 1 h). */
const money = (over: Partial<Config['money']> = {}): Partial<Config> => ({ money: { ...testConfig().money, depositConfirmMs: 3_600_000, ...over } });

before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, ...money() }, { db, clock: time.clock });
});
after(async () => {
  const report = await verify(db);
  assert.deepEqual(report.problems, []);
  await app.close();
  await cleanup();
});

const send = (body: Record<string, unknown>) => call(app, 'POST', '/dev/chain/send', { body });
const depositsOf = async (token: string, query = '') => (await call(app, 'GET', `userrechange/list${query}`, { token })).data;
const balance = (uid: string, asset: string) => available(db, { holder: uid, mode: 'real', wallet: 'platform', asset });
async function creditBatches(id: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_batches WHERE idempotency_key = $1", [`deposit:${id}`]);
  return Number(rows[0]!.n);
}

test('chains of a coin and the two recharge channels are public', async () => {
  const usdt = await call(app, 'GET', 'currency/chain-types?asset=usdt');
  assert.equal(usdt.code, 0, usdt.msg);
  assert.deepEqual(usdt.data, [
    { id: 'TRC20', name: 'TRON (TRC20)', confirmations: 19 },
    { id: 'ERC20', name: 'Ethereum (ERC20)', confirmations: 12 },
    { id: 'BEP20', name: 'BNB Smart Chain (BEP20)', confirmations: 15 },
  ]);
  assert.equal((await call(app, 'GET', 'currency/chain-types?asset=NOPE')).msg, 'Unknown currency');
  const types = await call(app, 'GET', 'currency/recharge-types');
  assert.deepEqual(types.data.map((t: { id: string; name: string }) => [t.id, t.name]), [['terminal', 'Terminal recharge'], ['backoffice', 'Back-office recharge']]);
});

test('a deposit address per user, coin and chain: derived, stable, in the chain format, real mode only', async () => {
  const { token, uid } = await registerUser(app, db);
  const other = await registerUser(app, db);
  const first = await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=TRC20', { token });
  assert.equal(first.code, 0, first.msg);
  assert.match(first.data.address, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  assert.deepEqual({ ...first.data, address: '' }, { asset: 'USDT', chain: 'TRC20', chainName: 'TRON (TRC20)', address: '', confirmations: 19 });
  const again = await call(app, 'GET', 'userrechange/deposit-address-new?asset=usdt&chain=trc20', { token });
  assert.equal(again.data.address, first.data.address);
  const erc20 = await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=ERC20', { token });
  assert.match(erc20.data.address, /^0x[0-9a-f]{40}$/);
  const btc = await call(app, 'GET', 'currency/get-deposit-address?asset=BTC', { token });
  assert.equal(btc.data.chain, 'BTC', 'the coin\'s only chain when none is named');
  assert.match(btc.data.address, /^bc1q/);
  const theirs = await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=TRC20', { token: other.token });
  assert.notEqual(theirs.data.address, first.data.address);
  const stored = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM deposit_addresses WHERE user_id = $1', [uid]);
  assert.equal(stored.rows[0]!.n, '3');

  assert.equal((await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=BTC', { token })).msg, 'Invalid chain type');
  assert.equal((await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=TRC20', { token, headers: { usertype: 'demo' } })).msg,
    'Deposits go to the real account; switch to the real account to deposit');
  assert.equal((await call(app, 'GET', 'currency/get-deposit-address?asset=USDT')).code, 301);
});

test('a chain transfer is in progress until its confirmations, then credited once and notified', async () => {
  const { token, uid } = await registerUser(app, db);
  const { address } = (await call(app, 'GET', 'currency/get-deposit-address?asset=BTC&chain=BTC', { token })).data;
  const sent = await send({ address, asset: 'BTC', chain: 'BTC', amount: '0.12345678', txHash: 'ab'.repeat(32) });
  assert.equal(sent.code, 0, sent.msg);
  const id = sent.data.deposit.id;
  assert.equal(sent.data.replayed, false);

  let [record] = (await depositsOf(token)).list;
  assert.equal(record.id, id);
  assert.equal(record.status, 'in_progress');
  assert.equal(record.channel, 'terminal');
  assert.equal(record.channelName, 'Terminal recharge');
  assert.equal(record.amount, '0.12345678');
  assert.equal(record.txHash, 'ab'.repeat(32));
  assert.equal(record.number, record.txHash);
  assert.equal(record.toAddress, address);
  assert.match(record.fromAddress, /^bc1q/);
  assert.deepEqual([record.confirmations, record.requiredConfirmations], [0, 2]);
  assert.equal(await balance(uid, 'BTC'), '0');

  await confirmDeposits(db, time.clock());
  record = (await depositsOf(token)).list[0];
  assert.deepEqual([record.status, record.confirmations], ['in_progress', 1]);
  assert.equal(await balance(uid, 'BTC'), '0');

  await confirmDeposits(db, time.clock());
  record = (await depositsOf(token)).list[0];
  assert.deepEqual([record.status, record.confirmations], ['success', 2]);
  assert.ok(record.creditedAt);
  assert.equal(await balance(uid, 'BTC'), '0.12345678');

  // More blocks change nothing; a repeated delivery of the same transaction answers the same deposit.
  await confirmDeposits(db, time.clock());
  const replay = await send({ address, asset: 'BTC', chain: 'BTC', amount: '0.12345678', txHash: 'ab'.repeat(32) });
  assert.deepEqual([replay.data.deposit.id, replay.data.replayed], [id, true]);
  assert.equal((await send({ address, asset: 'BTC', chain: 'BTC', amount: '1', txHash: 'ab'.repeat(32) })).msg, `Transaction ${'ab'.repeat(32)} is already recorded with other details`);
  assert.equal(await balance(uid, 'BTC'), '0.12345678');
  assert.equal(await creditBatches(id), 1);
  assert.equal((await depositsOf(token)).list[0].confirmations, 2);

  const notes = (await call(app, 'GET', 'notification/list', { token })).data.list;
  assert.deepEqual(notes.map((n: { kind: string }) => n.kind), ['deposit.credited']);
  assert.deepEqual(notes[0].params, { id, asset: 'BTC', amount: '0.12345678', channel: 'terminal' });
});

test('the simulated chain refuses what a chain would not deliver', async () => {
  const { token } = await registerUser(app, db);
  const { address } = (await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=ERC20', { token })).data;
  assert.equal((await send({ address, asset: 'USDT', chain: 'ERC20', amount: '0' })).msg, 'Invalid amount');
  assert.equal((await send({ address, asset: 'USDT', chain: 'ERC20', amount: '1.1234567' })).msg, 'Invalid amount', 'USDT has 6 decimals');
  assert.equal((await send({ address, asset: 'USDT', chain: 'BTC', amount: '1' })).msg, 'Invalid chain type');
  assert.equal((await send({ address, asset: 'USDT', chain: 'BEP20', amount: '1' })).msg, `${address} is not a deposit address on BEP20`);
  assert.equal((await send({ address, asset: 'ETH', chain: 'ERC20', amount: '1' })).msg, `${address} is the USDT deposit address, not ETH`);
  // Hex addresses are case-insensitive.
  const upper = await send({ address: `0x${address.slice(2).toUpperCase()}`, asset: 'USDT', chain: 'ERC20', amount: '5' });
  assert.equal(upper.code, 0, upper.msg);
  assert.match(upper.data.deposit.txHash, /^0x[0-9a-f]{64}$/);
});

test('the list filters by coin and status, pages, and is empty in demo mode', async () => {
  const { token } = await registerUser(app, db);
  const usdt = (await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=TRC20', { token })).data.address;
  const eth = (await call(app, 'GET', 'currency/get-deposit-address?asset=ETH', { token })).data.address;
  for (const amount of ['10', '20', '30']) assert.equal((await send({ address: usdt, asset: 'USDT', chain: 'TRC20', amount })).code, 0);
  assert.equal((await send({ address: eth, asset: 'ETH', chain: 'ERC20', amount: '0.5' })).code, 0);
  const all = await depositsOf(token);
  assert.equal(all.total, 4);
  assert.deepEqual(all.list.map((d: { amount: string }) => d.amount), ['0.5', '30', '20', '10']);
  const page = await depositsOf(token, '?asset=usdt&page=2&size=2');
  assert.deepEqual([page.total, page.page, page.size, page.list.map((d: { amount: string }) => d.amount)], [3, 2, 2, ['10']]);
  assert.equal((await depositsOf(token, '?status=success')).total, 0);
  assert.equal((await depositsOf(token, '?status=in_progress')).total, 4);
  assert.equal((await call(app, 'GET', 'userrechange/list?status=done', { token })).code, 400);
  assert.deepEqual((await call(app, 'GET', 'userrechange/list', { token, headers: { usertype: 'demo' } })).data.list, []);
});

/** Polls until check() holds (the job runs on its own timer). */
async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('the confirmation job runs on its timer, and a restart in between neither loses nor doubles the credit', async () => {
  // This test owns the store: the shared app stops first, then apps with a running job come and go on it.
  await app.close();
  const fast = money({ depositConfirmMs: 30, depositConfirmations: 6 });
  let running = await testApp({ loginSlowdownMs: 0, ...fast }, { db, clock: time.clock });
  const { token, uid } = await registerUser(running, db);
  const { address } = (await call(running, 'GET', 'currency/get-deposit-address?asset=USDT&chain=TRC20', { token })).data;
  const sent = await call(running, 'POST', '/dev/chain/send', { body: { address, asset: 'USDT', chain: 'TRC20', amount: '250.5' } });
  const id = sent.data.deposit.id;
  assert.equal(sent.data.deposit.requiredConfirmations, 6, 'DEPOSIT_CONFIRMATIONS overrides the chain\'s 19');
  const confirmations = async () => (await db.query<{ c: number }>('SELECT confirmations AS c FROM deposits WHERE id = $1', [id])).rows[0]!.c;
  await until(async () => (await confirmations()) >= 2, 'two confirmations');

  // Stop mid-way: the job stops with the app, and the store itself is closed and opened again (a restart).
  await running.close();
  const stoppedAt = await confirmations();
  assert.ok(stoppedAt < 6, `stopped at ${stoppedAt}`);
  await new Promise((resolve) => setTimeout(resolve, 120));
  assert.equal(await confirmations(), stoppedAt, 'no job runs after close');
  assert.equal(await balance(uid, 'USDT'), '0');
  await db.close();
  db = await store.open();

  running = await testApp({ loginSlowdownMs: 0, ...fast }, { db, clock: time.clock });
  app = running;
  await until(async () => (await db.query<{ s: string }>('SELECT status AS s FROM deposits WHERE id = $1', [id])).rows[0]!.s === 'success', 'the credit');
  await new Promise((resolve) => setTimeout(resolve, 120));
  assert.equal(await balance(uid, 'USDT'), '250.5');
  assert.equal(await creditBatches(id), 1);
  assert.equal(await confirmations(), 6);
  const record = (await call(running, 'GET', 'userrechange/list', { token })).data.list[0];
  assert.deepEqual([record.status, record.confirmations, record.requiredConfirmations], ['success', 6, 6]);
  const notes = await db.query<{ n: string }>("SELECT count(*)::text AS n FROM notifications WHERE user_id = $1 AND kind = 'deposit.credited'", [uid]);
  assert.equal(notes.rows[0]!.n, '1');
});

test('DEPOSIT_ADDRESS_SECRET is required in production', async () => {
  await assert.rejects(
    testApp({ production: true, money: { ...testConfig().money, depositAddressSecret: '' } }, { db, clock: time.clock }),
    /DEPOSIT_ADDRESS_SECRET is required in production/,
  );
  const production = await testApp({ production: true, ...money({ depositAddressSecret: 'a-production-secret-123' }) }, { db, clock: time.clock });
  try {
    const response = await production.inject({ method: 'POST', url: '/dev/chain/send', payload: {} });
    assert.equal(response.statusCode, 404, 'no simulated chain route in production');
  } finally {
    await production.close();
  }
});
