import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { confirmDeposits } from '../modules/deposits/service.js';
import { call, manualClock, registerUser } from '../modules/identity/test-support.js';
import { available, verify } from '../modules/ledger/ledger.js';
import { testApp, testConfig } from '../testing/app.js';
import { testDb } from '../testing/test-db.js';
import { runCommand, UsageError, type CommandContext } from './all-commands.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, money: { ...testConfig().money, depositConfirmMs: 3_600_000 } }, { db, clock: manualClock().clock });
});
after(async () => {
  assert.deepEqual((await verify(db)).problems, []);
  await app.close();
  await cleanup();
});

function ops(operator = 'ops-dana'): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines };
}

async function audits(action: string) {
  const { rows } = await db.query<{ actor: string; target: string; detail: Record<string, unknown> }>(
    'SELECT actor, target, detail FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
  return rows;
}

const balance = (uid: string, asset: string) => available(db, { holder: uid, mode: 'real', wallet: 'platform', asset });

test('deposit:send records a transfer to a deposit address, audited; the job credits it after its confirmations', async () => {
  const { token, uid } = await registerUser(app, db);
  const { address } = (await call(app, 'GET', 'currency/get-deposit-address?asset=BTC', { token })).data;
  const ctx = ops();
  await runCommand(['deposit:send', address, 'btc', 'btc', '0.25', 'f00d'.repeat(16)], ctx);
  assert.match(ctx.lines[0]!, /^Deposit \d+: 0\.25 BTC on BTC to bc1q\w+, tx (f00d){16}, waiting for 2 confirmations\.$/);
  const [row] = await audits('deposit:send');
  assert.equal(row!.actor, 'ops-dana');
  assert.match(row!.target, /^deposit:\d+$/);
  assert.deepEqual(row!.detail, { args: [address, 'btc', 'btc', '0.25', 'f00d'.repeat(16)], txHash: 'f00d'.repeat(16), replayed: false });

  const pending = ops();
  await runCommand(['deposit:pending'], pending);
  assert.equal(pending.lines.length, 1);
  assert.match(pending.lines[0]!, new RegExp(`user:${uid}  0.25 BTC  BTC  0/2`));

  await confirmDeposits(db, new Date());
  await confirmDeposits(db, new Date());
  assert.equal(await balance(uid, 'BTC'), '0.25');
  const none = ops();
  await runCommand(['deposit:pending'], none);
  assert.deepEqual(none.lines, ['No deposit is in progress.']);

  // Sending the same transaction again records nothing new.
  const again = ops();
  await runCommand(['deposit:send', address, 'BTC', 'BTC', '0.25', 'f00d'.repeat(16)], again);
  assert.match(again.lines[0]!, /already recorded as deposit \d+ \(success\)/);
  assert.equal(await balance(uid, 'BTC'), '0.25');
});

test('deposit:send refusals are usage errors and leave no audit row', async () => {
  const { token } = await registerUser(app, db);
  const { address } = (await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=TRC20', { token })).data;
  const before = (await audits('deposit:send')).length;
  await assert.rejects(runCommand(['deposit:send', address, 'USDT', 'TRC20'], ops()), UsageError);
  await assert.rejects(runCommand(['deposit:send', address, 'USDT', 'TRC20', 'lots'], ops()), (e: Error) => e instanceof UsageError && e.message === 'Invalid amount');
  await assert.rejects(runCommand(['deposit:send', address, 'USDT', 'BTC', '1'], ops()), /Invalid chain type/);
  await assert.rejects(runCommand(['deposit:send', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT', 'TRC20', '1'], ops()), /is not a deposit address on TRC20/);
  assert.equal((await audits('deposit:send')).length, before);
});

test('deposit:fail marks a transfer in progress failed with its reason; it is never credited', async () => {
  const { token, uid } = await registerUser(app, db);
  const { address } = (await call(app, 'GET', 'currency/get-deposit-address?asset=USDT&chain=ERC20', { token })).data;
  const sent = await call(app, 'POST', '/dev/chain/send', { body: { address, asset: 'USDT', chain: 'ERC20', amount: '40' } });
  const id = sent.data.deposit.id;
  await runCommand(['deposit:fail', id, 'dropped', 'by', 'a', 'reorg'], ops());
  for (let i = 0; i < 15; i += 1) await confirmDeposits(db, new Date());
  assert.equal(await balance(uid, 'USDT'), '0');
  const [record] = (await call(app, 'GET', 'userrechange/list', { token })).data.list;
  assert.deepEqual([record.status, record.reason, record.confirmations], ['fail', 'dropped by a reorg', 0]);
  assert.equal((await call(app, 'GET', 'notification/list', { token })).data.list[0].kind, 'deposit.failed');
  assert.deepEqual((await audits('deposit:fail')).map((a) => a.target), [`deposit:${id}`]);
  await assert.rejects(runCommand(['deposit:fail', id, 'again'], ops()), /is fail, not in progress/);
  await assert.rejects(runCommand(['deposit:fail', id], ops()), UsageError);
});

test('recharge:record credits a back-office deposit with its evidence, audited and notified, once per evidence', async () => {
  const { token, uid, email } = await registerUser(app, db);
  const ctx = ops('ops-erin');
  await runCommand(['recharge:record', email, 'USDT', '1500.75', 'SEPA', 'ref', 'FR76-2026-0001'], ctx);
  assert.match(ctx.lines[0]!, new RegExp(`^Deposit \\d+: 1500.75 USDT credited to user ${uid} \\(evidence: SEPA ref FR76-2026-0001\\)\\.$`));
  assert.equal(await balance(uid, 'USDT'), '1500.75');
  const [record] = (await call(app, 'GET', 'userrechange/list', { token })).data.list;
  assert.deepEqual(
    [record.channel, record.channelName, record.status, record.amount, record.number, record.txHash, record.chain],
    ['backoffice', 'Back-office recharge', 'success', '1500.75', 'SEPA ref FR76-2026-0001', null, null],
  );
  const [audit] = await audits('recharge:record');
  assert.equal(audit!.actor, 'ops-erin');
  assert.equal(audit!.target, `user:${uid}`);
  assert.deepEqual({ ...audit!.detail, deposit: undefined }, {
    args: [email, 'USDT', '1500.75', 'SEPA', 'ref', 'FR76-2026-0001'], deposit: undefined, asset: 'USDT', amount: '1500.75', evidence: 'SEPA ref FR76-2026-0001',
  });
  const notes = (await call(app, 'GET', 'notification/list', { token })).data.list;
  assert.deepEqual(notes.map((n: { kind: string; params: { channel: string } }) => [n.kind, n.params.channel]), [['deposit.credited', 'backoffice']]);
  // The platform's back-office account mirrors it, so the asset still sums to zero.
  const { rows } = await db.query<{ b: string }>("SELECT balance::text AS b FROM ledger_accounts WHERE holder = 0 AND wallet = 'backoffice' AND asset = 'USDT'");
  assert.equal(Number(rows[0]!.b), -1500.75);

  await assert.rejects(runCommand(['recharge:record', uid, 'USDT', '1500.75', 'SEPA ref FR76-2026-0001'], ops()), /already recorded as deposit/);
  await assert.rejects(runCommand(['recharge:record', uid, 'USDT', '10'], ops()), UsageError);
  await assert.rejects(runCommand(['recharge:record', 'nobody@example.com', 'USDT', '10', 'x'], ops()), /No user/);
  await assert.rejects(runCommand(['recharge:record', uid, 'USDT', '0.0000001', 'y'], ops()), /Invalid amount/);
  assert.equal(await balance(uid, 'USDT'), '1500.75');
  assert.equal((await audits('recharge:record')).length, 1);
});
