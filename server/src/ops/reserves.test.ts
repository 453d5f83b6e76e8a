import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../db/db.js';
import { verify } from '../modules/ledger/ledger.js';
import type { FastifyInstance } from 'fastify';
import { call } from '../modules/identity/test-support.js';
import { testApp } from '../testing/app.js';
import { testDb, type TestStore } from '../testing/test-db.js';
import { runCommand, UsageError, type CommandContext } from './all-commands.js';

let db: Db;
let store: TestStore;
let app: FastifyInstance;
let cleanup: () => Promise<void>;
before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR }, { db });
});
after(async () => {
  await app.close();
  await cleanup();
});

// the kit's worked example is sold in these tests as a product kind of its own, beside the modules'
const KINDS = ['smart-pool', 'financing', 'ai-fund', 'fixed-term'];
const ops = (operator = 'ops-ray'): CommandContext & { lines: string[] } => {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => void lines.push(line), lines, productKinds: KINDS };
};

test('reserve:fund is a ledger transfer from a platform account, audited, once per --request; reserve:status reads it', async () => {
  await assert.rejects(runCommand(['reserve:fund', 'fixed-term'], ops()), UsageError);
  await assert.rejects(runCommand(['reserve:fund', 'fixed-term', '-5'], ops()), /amount: a positive decimal/);
  await assert.rejects(runCommand(['reserve:fund', 'fixed-term', '5', '--from', 'chain'], ops()), /--from: one of/);
  await assert.rejects(runCommand(['reserve:fund', 'Fixed Term', '5'], ops()), /product:/);
  // one reserve per product kind: a miner's id (or any other name) is not a reserve a sale would check
  await assert.rejects(runCommand(['reserve:fund', 'miner-s1', '5'], ops()), /product: one of the product kinds smart-pool, financing, ai-fund/);
  const funded = ops();
  await runCommand(['reserve', 'fund', 'fixed-term', '250.5', '--request', 'r1'], funded);
  assert.deepEqual(funded.lines, ['Funded 250.5 USDT from backoffice: fixed-term  real  USDT  balance 250.5  liability 0  coverage -']);
  const again = ops();
  await runCommand(['reserve:fund', 'fixed-term', '250.5', '--request', 'r1'], again);
  assert.match(again.lines[0]!, /^Already funded \(same --request\): .*balance 250\.5 /);
  const status = ops();
  await runCommand(['reserve:status'], status);
  // the investment modules fund their demo reserves from the demo platform account at start; a real reserve only by reserve:fund
  // every product kind's reserve is listed, funded or not; a reserve of no kind says so
  assert.deepEqual(status.lines.filter((line) => !/^\S+  demo  /.test(line)), [
    'ai-fund  real  USDT  balance 0  liability 0  coverage -',
    'financing  real  USDT  balance 0  liability 0  coverage -',
    'fixed-term  real  USDT  balance 250.5  liability 0  coverage -',
    'smart-pool  real  USDT  balance 0  liability 0  coverage -',
  ]);
  const audit = await db.query<{ actor: string; target: string; detail: { amount: string; replayed: boolean } }>(
    `SELECT actor, target, detail FROM audit_log WHERE action = 'reserve:fund' ORDER BY id`,
  );
  assert.deepEqual(audit.rows.map((r) => [r.actor, r.target, r.detail.amount, r.detail.replayed]), [
    ['ops-ray', 'reserve:fixed-term', '250.5', false],
    ['ops-ray', 'reserve:fixed-term', '250.5', true],
  ]);
  assert.deepEqual((await db.query(`SELECT 1 FROM audit_log WHERE action = 'reserve:status'`)).rows, [], 'a read writes no audit row');
  assert.deepEqual((await verify(db)).problems, []);
  // the public read: no login needed
  const read = await call(app, 'GET', 'product/reserves?product=fixed-term');
  assert.deepEqual(read.data, [{ product: 'fixed-term', mode: 'real', asset: 'USDT', balance: '250.5', liability: '0', coverageRatio: null }]);
  assert.deepEqual((await call(app, 'GET', 'product/reserves?product=other')).data, []);
});

test('one reserve per product kind: the modules declare their kinds once each, and pnpm ops knows exactly those', async () => {
  const { PRODUCT_KINDS } = await import('./all-commands.js');
  const { productKindsOf } = await import('./commands.js');
  assert.deepEqual([...PRODUCT_KINDS].sort(), ['ai-fund', 'financing', 'smart-pool']);
  assert.throws(() => productKindsOf([{ name: 'a', productKinds: ['smart-pool'] }, { name: 'b', productKinds: ['smart-pool'] }]), /declared twice: one reserve per kind/);
  // without a test's list, runCommand uses the modules' kinds
  await assert.rejects(runCommand(['reserve:fund', 'fixed-term', '5'], { operator: 'ops-ray', db: async () => db, print: () => undefined }), /product: one of the product kinds/);
});
