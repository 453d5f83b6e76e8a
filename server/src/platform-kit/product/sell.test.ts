import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { AppError } from '../../http/envelope.js';
import { available, balances, verify } from '../../modules/ledger/ledger.js';
import { testDb } from '../../testing/test-db.js';
import { FIXED_TERM, type FixedTermTerms } from './example-fixed-term.js';
import { fundReserve, reserveStatuses } from './reserves.js';
import { sell } from './sell.js';
import { currentTerms, freezeTerms, publishTerms, termsHistory, termsVersion } from './terms.js';
import { userWith } from './test-support.js';

const now = new Date('2026-03-01T09:00:00Z');
const TERMS: FixedTermTerms = { asset: 'USDT', termDays: 10, dailyRate: '0.001', scale: 6 };

/** The example product's own holding table (a real product has its own, with its columns). */
const HOLDINGS = `CREATE TABLE example_holdings (id text PRIMARY KEY, user_id bigint NOT NULL, principal numeric NOT NULL,
  terms_version_id bigint NOT NULL REFERENCES product_terms (id), terms jsonb NOT NULL, created_at timestamptz NOT NULL)`;

/** A purchase of the example product: freeze the current terms into the holding, then sell (coverage, hold, payouts). */
export async function buy(db: Db, userId: string, principal: string, at = now, id = randomUUID()) {
  return db.transaction(async (tx) => {
    const current = await currentTerms<FixedTermTerms>(tx, FIXED_TERM.kind, 'demo-10d', at);
    if (!current) throw new Error('no terms');
    const frozen = freezeTerms(current);
    await tx.query('INSERT INTO example_holdings VALUES ($1, $2, $3, $4, $5, $6)', [id, userId, principal, frozen.termsVersionId, JSON.stringify(frozen.terms), at]);
    const sold = await sell(tx, FIXED_TERM, { holding: { kind: 'example', id }, userId, mode: 'real', asset: 'USDT', principal, start: at, frozen }, at);
    return { id, ...sold, frozen };
  });
}

describe('product kit: terms, coverage, sale', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  before(async () => {
    ({ db, cleanup } = await testDb());
    await db.exec(HOLDINGS);
    await db.transaction((tx) => publishTerms(tx, { productKind: FIXED_TERM.kind, productId: 'demo-10d', terms: TERMS, operator: 'ops-alice', now }));
  });
  after(async () => {
    assert.deepEqual((await verify(db)).problems, []);
    await cleanup();
  });

  test('terms: a new version never edits the old one; a holding keeps the version it was bought under', async () => {
    const user = await userWith(db, 'terms1', '1000', now);
    await db.transaction((tx) => fundReserve(tx, { product: FIXED_TERM.kind, mode: 'real', asset: 'USDT', amount: '100', from: 'backoffice', operator: 'ops-alice', now, requestId: 'fund-1' }));
    const first = await buy(db, user, '100');
    const later = new Date(now.getTime() + 1000);
    const v2 = await db.transaction((tx) => publishTerms(tx, { productKind: FIXED_TERM.kind, productId: 'demo-10d', terms: { ...TERMS, dailyRate: '0.002' }, operator: 'ops-bob', now: later }));
    assert.equal(v2.version, 2);
    const second = await buy(db, user, '100', later);
    assert.equal(first.frozen.terms.dailyRate, '0.001');
    assert.equal(second.frozen.terms.dailyRate, '0.002');
    assert.equal(first.plan[0]!.amount, '0.1');
    assert.equal(second.plan[0]!.amount, '0.2');
    const stored = await db.query<{ terms: FixedTermTerms; v: string }>('SELECT terms, terms_version_id::text AS v FROM example_holdings WHERE id = $1', [first.id]);
    assert.equal(stored.rows[0]!.terms.dailyRate, '0.001');
    assert.equal((await termsVersion<FixedTermTerms>(db, stored.rows[0]!.v))!.version, 1);
    assert.deepEqual((await termsHistory(db, FIXED_TERM.kind, 'demo-10d')).map((v) => [v.version, v.createdBy]), [[1, 'ops-alice'], [2, 'ops-bob']]);
    // a purchase before v2's effective time still gets v1
    assert.equal((await currentTerms(db, FIXED_TERM.kind, 'demo-10d', now))!.version, 1);
    await assert.rejects(db.query(`UPDATE product_terms SET terms = '{}'::jsonb`), /append-only/);
    await assert.rejects(db.query(`DELETE FROM product_terms`), /append-only/);
    const audit = await db.query<{ actor: string; target: string }>(`SELECT actor, target FROM audit_log WHERE action = 'terms:publish' ORDER BY id`);
    assert.deepEqual(audit.rows, [{ actor: 'ops-alice', target: 'fixed-term:demo-10d' }, { actor: 'ops-bob', target: 'fixed-term:demo-10d' }]);
  });

  test('coverage: a sale the reserve cannot back is refused with productSoldOut and leaves nothing', async () => {
    const user = await userWith(db, 'cover1', '10000', now);
    const [status] = await reserveStatuses(db, FIXED_TERM.kind);
    // 100 funded, 1 + 2 owed by the two holdings above (10 days × 0.1, 10 days × 0.2)
    assert.deepEqual(status, { product: 'fixed-term', mode: 'real', asset: 'USDT', balance: '100', liability: '3', coverageRatio: '33.3333' });
    // v2 pays 0.002 a day: 10 days of 4850 owe 97, exactly the 100 − 3 still uncovered
    await buy(db, user, '4850', new Date(now.getTime() + 2000));
    const refused = await buy(db, user, '5', new Date(now.getTime() + 2000)).catch((e: unknown) => e);
    assert.ok(refused instanceof AppError && refused.reason === 'productSoldOut', String(refused));
    assert.equal(await available(db, { holder: user, mode: 'real', wallet: 'platform', asset: 'USDT' }), '5150');
    assert.equal((await db.query('SELECT 1 FROM example_holdings WHERE user_id = $1', [user])).rows.length, 1);
    const [after] = await reserveStatuses(db, FIXED_TERM.kind);
    assert.deepEqual([after!.liability, after!.coverageRatio], ['100', '1']);
  });

  test('20 parallel purchases never commit more than the reserve backs', async () => {
    const user = await userWith(db, 'cover2', '100000', now);
    await db.transaction((tx) => fundReserve(tx, { product: FIXED_TERM.kind, mode: 'real', asset: 'USDT', amount: '10', from: 'backoffice', operator: 'ops-alice', now, requestId: 'fund-2' }));
    // each 100 owes 10 days × 0.2 = 2: the new 10 back five of twenty
    const at = new Date(now.getTime() + 3000);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => buy(db, user, '100', at)));
    const sold = results.filter((r) => r.status === 'fulfilled').length;
    assert.equal(sold, 5);
    for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as AppError).reason, 'productSoldOut');
    const [status] = await reserveStatuses(db, FIXED_TERM.kind);
    assert.deepEqual([status!.balance, status!.liability], ['110', '110']);
    const [b] = await balances(db, user, 'real', 'platform');
    assert.deepEqual([b!.available, b!.frozen], ['99500', '500']);
  });
});
