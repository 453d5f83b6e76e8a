import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { testDb } from '../../testing/test-db.js';
import { Dec } from './decimal.js';
import { available, balances, lockAccount, onePlatformBucket, PLATFORM, PLATFORM_BUCKETS, platformBucket, post, verify, type AccountRef, type Move } from './ledger.js';

const now = new Date('2026-03-01T09:00:00Z');
const contract = (holder: string): AccountRef => ({ holder, mode: 'real', wallet: 'contract', asset: 'USDT' });
const platform = (wallet: 'broker' | 'fees' | 'chain'): AccountRef => ({ holder: PLATFORM, mode: 'real', wallet, asset: 'USDT' });
/** A perpetual close's legs: a gain from the desk, the fee to the fee account. */
const fill = (user: string, gain: string, fee: string): Move[] => [
  { from: platform('broker'), to: contract(user), amount: gain },
  { from: contract(user), to: platform('fees'), amount: fee },
];
/** Users whose fills hash to different buckets. */
function usersInDistinctBuckets(count: number, prefix: number): string[] {
  const users: string[] = [];
  const taken = new Set<number>();
  for (let id = prefix; users.length < count; id++) {
    const bucket = platformBucket(fill(String(id), '1', '1'));
    if (taken.has(bucket)) continue;
    taken.add(bucket);
    users.push(String(id));
  }
  return users;
}

describe('bucketed platform accounts', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  before(async () => ({ db, cleanup } = await testDb()));
  after(async () => {
    assert.deepEqual((await verify(db)).problems, []);
    await cleanup();
  });

  test('the bucket is a hash of the posting\'s users and assets: stable, spread, 0 between platform accounts alone', () => {
    assert.equal(platformBucket(fill('7', '1', '1')), platformBucket(fill('7', '2', '0.5')), 'one user\'s fills of one symbol share a bucket');
    const spread = new Set(Array.from({ length: 200 }, (_, i) => platformBucket(fill(String(1000 + i), '1', '1'))));
    assert.equal(spread.size, PLATFORM_BUCKETS, 'two hundred users use every bucket');
    assert.ok([...spread].every((b) => Number.isInteger(b) && b >= 0 && b < PLATFORM_BUCKETS));
    assert.equal(platformBucket([{ from: platform('fees'), to: { ...platform('fees'), wallet: 'insurance' }, amount: '1' }]), 0);
    // the benchmark's comparison: one account as before 0070
    onePlatformBucket(true);
    try {
      assert.equal(new Set(Array.from({ length: 50 }, (_, i) => platformBucket(fill(String(1000 + i), '1', '1')))).size, 1);
    } finally {
      onePlatformBucket(false);
    }
  });

  test('fills of different users post the platform legs to different rows; every balance shown adds them exactly', async () => {
    const users = usersInDistinctBuckets(4, 2000);
    for (const user of users) {
      await post(db, { key: `fund:${user}`, cause: { type: 'deposit', id: user }, moves: [{ from: platform('chain'), to: contract(user), amount: '100' }] }, now);
      await post(db, { key: `fill:${user}`, cause: { type: 'perpetual', id: user }, moves: fill(user, '0.000000000000000001', '0.1') }, now);
    }
    const rows = await db.query<{ bucket: number; balance: string }>(
      `SELECT bucket, trim_scale(balance)::text AS balance FROM ledger_accounts WHERE holder = 0 AND wallet = 'fees' AND mode = 'real' AND asset = 'USDT' ORDER BY bucket`,
    );
    assert.equal(rows.rows.length, 4, 'four fee accounts, one per bucket the users hashed to');
    assert.deepEqual(rows.rows.map((r) => r.bucket).sort((a, b) => a - b), users.map((u) => platformBucket(fill(u, '1', '1'))).sort((a, b) => a - b));
    assert.equal(await available(db, platform('fees')), '0.4', 'the fee account is the sum of its buckets');
    assert.equal(await available(db, platform('broker')), '-0.000000000000000004');
    const shown = (await balances(db, PLATFORM, 'real')).filter((b) => b.wallet === ('fees' as never) || b.wallet === ('broker' as never));
    assert.deepEqual(shown.map((b) => [b.wallet, b.asset, b.balance]), [['broker', 'USDT', '-0.000000000000000004'], ['fees', 'USDT', '0.4']], 'one row per wallet and asset');
    const report = await verify(db);
    assert.deepEqual(report.problems, []);
    const total = await db.query<{ total: string }>(`SELECT SUM(balance)::text AS total FROM ledger_accounts WHERE mode = 'real' AND asset = 'USDT'`);
    assert.ok(new Dec(total.rows[0]!.total).isZero());
  });

  test('an operator\'s transfer out of a bucketed wallet posts from bucket 0 and the sum stays exact', async () => {
    const before = new Dec(await available(db, platform('fees')));
    await post(db, { key: 'topup-from-fees', cause: { type: 'insurance-topup', id: 'op' }, moves: [{ from: platform('fees'), to: { ...platform('fees'), wallet: 'insurance' }, amount: '0.3' }] }, now);
    assert.equal(await available(db, platform('fees')), before.minus('0.3').toFixed());
    const zero = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_accounts WHERE holder = 0 AND wallet = 'fees' AND bucket = 0`);
    assert.equal(zero.rows[0]!.n, 1);
  });

  test('only the platform\'s bucketed wallets have buckets, and no statement moves an account to another', async () => {
    await assert.rejects(db.query(`INSERT INTO ledger_accounts (holder, mode, wallet, asset, part, bucket) VALUES (2000, 'real', 'contract', 'USDT', 'available', 3)`), /bucket_check|check constraint/);
    await assert.rejects(db.query(`INSERT INTO ledger_accounts (holder, mode, wallet, asset, part, bucket) VALUES (0, 'real', 'chain', 'USDT', 'available', 3)`), /bucket_check|check constraint/);
    await assert.rejects(db.query(`INSERT INTO ledger_accounts (holder, mode, wallet, asset, part, bucket) VALUES (0, 'real', 'fees', 'USDT', 'available', 16)`), /bucket_check|check constraint/);
    await assert.rejects(db.query(`UPDATE ledger_accounts SET bucket = 5 WHERE holder = 0 AND wallet = 'fees' AND bucket = 0`), /a balance changes only through a transfer/);
    await assert.rejects(lockAccount(db, platform('fees')), /split into buckets/);
  });

  test('concurrent fills of users in different buckets do not wait for each other (PostgreSQL)', async () => {
    if (db.kind !== 'postgres') return;
    const [a, b] = usersInDistinctBuckets(2, 3000);
    for (const user of [a!, b!]) await post(db, { key: `fund:${user}`, cause: { type: 'deposit', id: user }, moves: [{ from: platform('chain'), to: contract(user), amount: '100' }] }, now);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const first = new Promise<void>((resolve) => (posted = resolve));
    // A's fill stays uncommitted (its rows locked) while B's runs, which must not wait for a lock
    const open = db.transaction(async (tx) => {
      await post(tx, { key: `fill-a:${a}`, cause: { type: 'perpetual', id: a! }, moves: fill(a!, '1', '0.5') }, now);
      posted();
      await held;
    });
    await first;
    try {
      await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL lock_timeout = '2s'`);
        await post(tx, { key: `fill-b:${b}`, cause: { type: 'perpetual', id: b! }, moves: fill(b!, '1', '0.5') }, now);
      });
    } finally {
      release();
      await open;
    }
    assert.deepEqual((await verify(db)).problems, []);
  });
});
