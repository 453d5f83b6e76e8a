import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { testDb } from '../../testing/test-db.js';
import { AppError } from '../../http/envelope.js';
import { accountChanges, available, balances, parseAmount, PLATFORM, post, verify, type AccountRef } from './ledger.js';

const now = new Date('2026-03-01T09:00:00Z');
const user = (holder: string, wallet: AccountRef['wallet'] = 'platform', asset = 'USDT', part: AccountRef['part'] = 'available'): AccountRef => ({
  holder,
  mode: 'real',
  wallet,
  asset,
  part,
});
const chain = (asset = 'USDT'): AccountRef => ({ holder: PLATFORM, mode: 'real', wallet: 'chain', asset });

describe('ledger', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  before(async () => ({ db, cleanup } = await testDb()));
  after(async () => {
    const report = await verify(db);
    assert.deepEqual(report.problems, []);
    await cleanup();
  });

  test('a deposit credits the user and mirrors it on the platform; the asset sums to zero', async () => {
    await post(db, { key: 'dep-1', cause: { type: 'deposit', id: '1' }, moves: [{ from: chain(), to: user('101'), amount: '100.25' }] }, now);
    assert.equal(await available(db, user('101')), '100.25');
    const report = await verify(db);
    assert.equal(report.ok, true, report.problems.join('\n'));
    const sum = await db.query<{ total: string }>(`SELECT SUM(balance)::text AS total FROM ledger_accounts WHERE asset = 'USDT'`);
    assert.equal(Number(sum.rows[0]!.total), 0);
  });

  test('a retry with the same key changes nothing twice', async () => {
    const posting = { key: 'dep-2', cause: { type: 'deposit', id: '2' }, moves: [{ from: chain(), to: user('102'), amount: '5' }] };
    const first = await post(db, posting, now);
    const second = await post(db, posting, now);
    assert.equal(first.replayed, false);
    assert.equal(second.replayed, true);
    assert.equal(second.batchId, first.batchId);
    assert.equal(await available(db, user('102')), '5');
  });

  test('an operation that would overdraw refuses all of its moves', async () => {
    await post(db, { key: 'dep-3', cause: { type: 'deposit', id: '3' }, moves: [{ from: chain(), to: user('103'), amount: '10' }] }, now);
    await assert.rejects(
      post(db, {
        key: 'xfer-3',
        cause: { type: 'transfer', id: '3' },
        moves: [
          { from: user('103'), to: user('103', 'spot'), amount: '6' },
          { from: user('103'), to: user('103', 'contract'), amount: '6' },
        ],
      }, now),
      (error: unknown) => error instanceof AppError && error.message === 'Insufficient balance',
    );
    assert.equal(await available(db, user('103')), '10');
    assert.equal(await available(db, user('103', 'spot')), '0');
    // The refused key was never recorded, so the user can try again.
    const retried = await post(db, { key: 'xfer-3', cause: { type: 'transfer', id: '3' }, moves: [{ from: user('103'), to: user('103', 'spot'), amount: '6' }] }, now);
    assert.equal(retried.replayed, false);
  });

  test('amounts keep 18 decimals exactly, well past a binary float', async () => {
    await post(db, { key: 'dep-4', cause: { type: 'deposit', id: '4' }, moves: [{ from: chain('BTC'), to: user('104', 'platform', 'BTC'), amount: '0.1' }] }, now);
    await post(db, { key: 'dep-5', cause: { type: 'deposit', id: '5' }, moves: [{ from: chain('BTC'), to: user('104', 'platform', 'BTC'), amount: '0.2' }] }, now);
    assert.equal(await available(db, user('104', 'platform', 'BTC')), '0.3');
    await post(db, { key: 'dep-7', cause: { type: 'deposit', id: '7' }, moves: [{ from: chain('BTC'), to: user('104', 'platform', 'BTC'), amount: '0.000000000000000001' }] }, now);
    assert.equal(await available(db, user('104', 'platform', 'BTC')), '0.300000000000000001');
  });

  test('invalid amounts are refused with "Invalid amount"', () => {
    for (const bad of ['0', '-1', 'abc', '1e18', '0.0000000000000000001', 'NaN', 'Infinity', '']) {
      assert.throws(() => parseAmount(bad), /Invalid amount/, bad);
    }
    assert.equal(parseAmount('1e17').toFixed(), '100000000000000000');
  });

  test('freezing is a transfer to the frozen part; balances show both', async () => {
    await post(db, { key: 'dep-8', cause: { type: 'deposit', id: '8' }, moves: [{ from: chain(), to: user('105'), amount: '50' }] }, now);
    await post(db, { key: 'freeze-8', cause: { type: 'withdrawal', id: '8' }, moves: [{ from: user('105'), to: user('105', 'platform', 'USDT', 'frozen'), amount: '20' }] }, now);
    assert.deepEqual(await balances(db, '105', 'real'), [{ wallet: 'platform', asset: 'USDT', available: '30', frozen: '20', balance: '50' }]);
    const history = await accountChanges(db, '105', 'real', { limit: 10, offset: 0 });
    assert.equal(history.total, 3);
    assert.deepEqual(history.rows.map((r) => [r.part, r.amount, r.causeType]), [
      ['frozen', '20', 'withdrawal'],
      ['available', '-20', 'withdrawal'],
      ['available', '50', 'deposit'],
    ]);
    // frozen money needs an owner (ledger_frozen_owners: open positions); this one has none
    assert.deepEqual((await verify(db)).problems, ['holder 105 real platform USDT has 20 frozen but its positions hold 0']);
    await post(db, { key: 'unfreeze-8', cause: { type: 'withdrawal', id: '8' }, moves: [{ from: user('105', 'platform', 'USDT', 'frozen'), to: user('105'), amount: '20' }] }, now);
  });

  test('demo and real never mix, and a move keeps its asset', async () => {
    await post(db, { key: 'demo-1', cause: { type: 'demo', id: '1' }, moves: [{ from: { holder: PLATFORM, mode: 'demo', wallet: 'demo', asset: 'USDT' }, to: { ...user('106'), mode: 'demo' }, amount: '1000' }] }, now);
    await assert.rejects(
      post(db, { key: 'mix-1', cause: { type: 'transfer', id: 'x' }, moves: [{ from: { ...user('106'), mode: 'demo' }, to: user('106'), amount: '1' }] }, now),
      /demo and real never mix/,
    );
    assert.equal(await available(db, user('106')), '0');
    assert.equal(await available(db, { ...user('106'), mode: 'demo' }), '1000');
  });

  test('no statement can set a balance or rewrite history', async () => {
    await assert.rejects(db.query(`UPDATE ledger_accounts SET balance = 1000000 WHERE holder = 101`), /changes only through a transfer/);
    await assert.rejects(db.query(`INSERT INTO ledger_accounts (holder, mode, wallet, asset, part, balance) VALUES (999, 'real', 'spot', 'USDT', 'available', 5)`), /opens at zero/);
    await assert.rejects(db.query(`DELETE FROM ledger_accounts WHERE holder = 101`), /never deleted/);
    await assert.rejects(db.query(`UPDATE ledger_transfers SET amount = 1`), /append-only/);
    await assert.rejects(db.query(`DELETE FROM ledger_batches`), /append-only/);
  });

  test('verify reports a drifted balance', async () => {
    // Only a superuser bypassing the triggers could do this; verify must still catch it.
    if (db.kind !== 'pglite') return;
    await db.transaction(async (tx) => {
      await tx.query(`ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guarded`);
      await tx.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE holder = 102`);
      const report = await verify(tx);
      assert.equal(report.ok, false);
      assert.match(report.problems.join('\n'), /holder 102 platform USDT\) holds 6 but its transfers add up to 5/);
      assert.match(report.problems.join('\n'), /real USDT sums to 1, not 0/);
      throw new Error('roll back');
    }).catch((error: Error) => assert.equal(error.message, 'roll back'));
  });

  test('racing spends of one balance: exactly one succeeds', async () => {
    await post(db, { key: 'dep-race', cause: { type: 'deposit', id: 'race' }, moves: [{ from: chain(), to: user('107'), amount: '10' }] }, now);
    const spends = Array.from({ length: 8 }, (_, i) =>
      post(db, { key: `race-${i}`, cause: { type: 'transfer', id: String(i) }, moves: [{ from: user('107'), to: user('107', 'spot'), amount: '10' }] }, now),
    );
    const results = await Promise.allSettled(spends);
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.ok(results.filter((r) => r.status === 'rejected').every((r) => /Insufficient balance/.test(String((r as PromiseRejectedResult).reason))));
    assert.equal(await available(db, user('107')), '0');
    assert.equal(await available(db, user('107', 'spot')), '10');
  });

  test('operations crossing the same accounts in opposite directions all complete (no deadlock)', async () => {
    const desk = (asset: string): AccountRef => ({ holder: PLATFORM, mode: 'real', wallet: 'desk', asset });
    await post(db, { key: 'dep-x1', cause: { type: 'deposit', id: 'x1' }, moves: [{ from: chain(), to: user('108'), amount: '100' }] }, now);
    await post(db, { key: 'dep-x2', cause: { type: 'deposit', id: 'x2' }, moves: [{ from: chain('BTC'), to: user('109', 'platform', 'BTC'), amount: '1' }] }, now);
    const buys = Array.from({ length: 10 }, (_, i) =>
      post(db, { key: `buy-${i}`, cause: { type: 'convert', id: `b${i}` }, moves: [
        { from: user('108'), to: desk('USDT'), amount: '1' },
        { from: desk('BTC'), to: user('108', 'platform', 'BTC'), amount: '0.001' },
      ] }, now),
    );
    const sells = Array.from({ length: 10 }, (_, i) =>
      post(db, { key: `sell-${i}`, cause: { type: 'convert', id: `s${i}` }, moves: [
        { from: user('109', 'platform', 'BTC'), to: desk('BTC'), amount: '0.001' },
        { from: desk('USDT'), to: user('109'), amount: '1' },
      ] }, now),
    );
    const results = await Promise.allSettled([...buys, ...sells]);
    assert.deepEqual(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)), []);
    assert.equal(await available(db, user('108')), '90');
    assert.equal(await available(db, user('109')), '10');
  });
});
