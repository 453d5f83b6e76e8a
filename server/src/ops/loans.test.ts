import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { call, manualClock, registerUser, uploadPng } from '../modules/identity/test-support.js';
import { verify } from '../modules/ledger/ledger.js';
import { testApp } from '../testing/app.js';
import { testDb, type TestStore } from '../testing/test-db.js';
import { runCommand, UsageError, type CommandContext } from './all-commands.js';
import { parseFlags } from './loans.js';

let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();

before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR, kycAutoReview: true }, { db, clock: time.clock });
});
afterEach(async () => assert.deepEqual((await verify(db)).problems, []));
after(async () => {
  await app.close();
  await cleanup();
});

function ops(operator = 'ops-olga'): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines, clock: time.clock };
}

const audits = async (action: string) =>
  (await db.query<{ actor: string; target: string; detail: Record<string, unknown> }>('SELECT actor, target, detail FROM audit_log WHERE action = $1 ORDER BY id', [action])).rows;

test('flags parse as --name value pairs; a flag without a value is a usage error', () => {
  assert.deepEqual(parseFlags(['create', 'x', '--min', '20', '--name', 'Two words']), { words: ['create', 'x'], flags: { min: '20', name: 'Two words' } });
  assert.throws(() => parseFlags(['--min']), UsageError);
});

test('loan:pending lists applications with their photos; read-only commands write no audit row', async () => {
  const user = await registerUser(app, db);
  const kyc = await call(app, 'POST', 'idCard/insert', {
    token: user.token,
    body: { firstName: 'Ines', lastName: 'Moreau', idNumber: 'ID4455', nation: 'France', documentType: 'id_card', frontImage: await uploadPng(app, user.token), backImage: await uploadPng(app, user.token) },
  });
  assert.equal(kyc.data.status, 'verified');
  const photos = [await uploadPng(app, user.token), await uploadPng(app, user.token), await uploadPng(app, user.token)];
  const product = (await call(app, 'GET', 'loan/productList')).data[1];
  const applied = await call(app, 'POST', 'loan/createLoanProduct', { token: user.token, body: { productId: product.id, amount: '150', photos } });
  assert.equal(applied.code, 0, applied.msg);

  const listing = ops();
  await runCommand(['loan:pending'], listing);
  const line = listing.lines.find((l) => l.startsWith(`${applied.data.id}  user:${user.uid}`));
  assert.ok(line, listing.lines.join('\n'));
  assert.match(line, /150 USDT {2}30 days {2}0\.0008\/day {2}"Standard loan · 30 days"/);
  for (const photo of photos) assert.ok(line.includes(photo));
  const products = ops();
  await runCommand(['loan:products'], products);
  assert.equal(products.lines.length, 3);
  assert.deepEqual(await audits('loan:pending'), []);
  assert.deepEqual(await audits('loan:products'), []);

  await runCommand(['loan:approve', applied.data.id], ops());
  const empty = ops();
  await runCommand(['loan', 'pending'], empty);
  assert.deepEqual(empty.lines, ['No loan application is pending.']);
});

test('loan:product create, set, disable and enable are checked and audited; operators never touch balances', async () => {
  await assert.rejects(runCommand(['loan:product', 'create', 'micro-3', '--name', 'Micro'], ops()), /--min is required/);
  await assert.rejects(
    runCommand(['loan:product', 'create', 'micro-3', '--name', 'Micro', '--min', '10', '--max', '5', '--days', '0', '--rate', '2'], ops()),
    (error: Error) =>
      error instanceof UsageError &&
      /minAmount: at least 20/.test(error.message) &&
      /maxAmount: at least minAmount/.test(error.message) &&
      /termDays: an integer from 1 to 3650/.test(error.message) &&
      /dailyRate: a daily fraction/.test(error.message),
  );
  await assert.rejects(runCommand(['loan:product', 'create', 'Bad Code', '--name', 'x', '--min', '20', '--max', '30', '--days', '3', '--rate', '0.001'], ops()), /code: 2-32/);
  await assert.rejects(runCommand(['loan:product', 'create', 'micro-3', '--name', 'x', '--min', '20', '--max', '30', '--days', '3', '--rate', '0.001', '--colour', 'red'], ops()), /Unknown option/);
  assert.deepEqual(await audits('loan:product'), [], 'refused commands leave no audit row');

  const created = ops('ops-pia');
  await runCommand(['loan', 'product', 'create', 'micro-3', '--name', 'Micro loan · 3 days', '--min', '20', '--max', '300.5', '--days', '3', '--rate', '0.0015'], created);
  assert.match(created.lines[0]!, /micro-3 {2}active {2}"Micro loan · 3 days" {2}20-300\.5 USDT {2}3 days {2}0\.0015\/day {2}late 0\.003\/day/);
  await assert.rejects(runCommand(['loan:product', 'create', 'micro-3', '--name', 'x', '--min', '20', '--max', '30', '--days', '3', '--rate', '0.001'], ops()), /exists already/);
  const listed = (await call(app, 'GET', 'loan/productList')).data.find((p: { code: string }) => p.code === 'micro-3');
  assert.deepEqual([listed.minAmount, listed.maxAmount, listed.lateDailyRate], ['20', '300.5', '0.003']);

  await assert.rejects(runCommand(['loan:product', 'set', 'micro-3'], ops()), /at least one option/);
  await assert.rejects(runCommand(['loan:product', 'set', 'micro-3', '--rate', '0.01'], ops()), /lateDailyRate: at least dailyRate/);
  await runCommand(['loan:product', 'set', 'micro-3', '--rate', '0.002'], ops('ops-pia'));
  await runCommand(['loan:product', 'disable', 'micro-3'], ops('ops-pia'));
  assert.ok(!(await call(app, 'GET', 'loan/productList')).data.some((p: { code: string }) => p.code === 'micro-3'));
  const all = ops();
  await runCommand(['loan:products'], all);
  assert.ok(all.lines.some((l) => /micro-3 {2}disabled/.test(l)));
  await runCommand(['loan:product', 'enable', 'micro-3'], ops('ops-pia'));
  await assert.rejects(runCommand(['loan:product', 'disable', 'nope'], ops()), /No loan product "nope"/);
  await assert.rejects(runCommand(['loan:product', 'rename', 'micro-3'], ops()), /usage: loan:product/);

  const rows = await audits('loan:product');
  assert.deepEqual(rows.map((r) => [r.actor, r.target, (r.detail.args as string[])[0]]), [
    ['ops-pia', 'loan-product:micro-3', 'create'],
    ['ops-pia', 'loan-product:micro-3', 'set'],
    ['ops-pia', 'loan-product:micro-3', 'disable'],
    ['ops-pia', 'loan-product:micro-3', 'enable'],
  ]);
  assert.deepEqual((rows[1]!.detail.before as { dailyRate: string }).dailyRate, '0.0015');
  assert.deepEqual((rows[1]!.detail.after as { dailyRate: string }).dailyRate, '0.002');
  // The whole loan vertical moves money only through ledger batches with their keys.
  const { rows: batches } = await db.query<{ cause_type: string }>("SELECT DISTINCT cause_type FROM ledger_batches WHERE cause_type LIKE 'loan%'");
  assert.deepEqual(batches.map((b) => b.cause_type), ['loan_disburse']);
});
