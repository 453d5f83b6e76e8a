import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../../db/db.js';
import { termsHistory } from '../../platform-kit/product/terms.js';
import { userWith } from '../../platform-kit/product/test-support.js';
import { testDb } from '../../testing/test-db.js';
import { seedLoanProducts } from './products.js';
import { findLoan, findProduct, insertLoan, LOAN_TERMS_KIND, updateProduct } from './storage.js';

const now = new Date('2026-03-01T09:00:00Z');
let db: Db;
let cleanup: () => Promise<void>;
before(async () => {
  ({ db, cleanup } = await testDb());
  await seedLoanProducts(db, now);
});
after(() => cleanup());

test('loan products: terms are product_terms versions; a loan keeps the version it was applied under', async () => {
  const user = await userWith(db, 'loanv', '0', now);
  const v1 = (await findProduct(db, 'starter-7'))!;
  const history = await termsHistory(db, LOAN_TERMS_KIND, String(v1.id));
  assert.deepEqual(history.map((v) => [v.version, v.id, v.createdBy]), [[1, v1.termsVersionId, 'seed']]);
  const first = await insertLoan(db, { userId: user, product: v1, amount: '100', photos: ['a', 'b', 'c'], requestKey: 'k1', now });

  const changed = await db.transaction((tx) => updateProduct(tx, 'starter-7', { ...v1, dailyRate: '0.0015', lateDailyRate: '0.003' }, now, 'ops-lea'));
  assert.notEqual(changed.termsVersionId, v1.termsVersionId);
  assert.equal(changed.dailyRate, '0.0015');
  // a change of name or state alone publishes no version
  await db.transaction((tx) => updateProduct(tx, 'starter-7', { ...changed, active: false }, now, 'ops-lea'));
  assert.equal((await termsHistory(db, LOAN_TERMS_KIND, String(v1.id))).length, 2);
  const audit = await db.query<{ actor: string }>(`SELECT actor FROM audit_log WHERE action = 'terms:publish' AND target = $1 ORDER BY id`, [`loan:${v1.id}`]);
  assert.deepEqual(audit.rows.map((r) => r.actor), ['seed', 'ops-lea']);

  const second = await insertLoan(db, { userId: user, product: changed, amount: '100', photos: ['a', 'b', 'c'], requestKey: 'k2', now });
  const versions = await db.query<{ id: string; v: string }>('SELECT id::text AS id, terms_version_id::text AS v FROM loans ORDER BY id');
  assert.deepEqual(versions.rows.map((r) => r.v), [v1.termsVersionId, changed.termsVersionId]);
  assert.equal((await findLoan(db, first.id))!.dailyRate, '0.001');
  assert.equal((await findLoan(db, second.id))!.dailyRate, '0.0015');
});
