import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
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

function ops(operator = 'ops-frank'): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines };
}

let n = 0;
/** A user with a fund password and 1000 USDT recorded by the back office, and one pending withdrawal of `amount`. */
async function withdrawalOf(amount: string) {
  const user = await registerUser(app, db);
  await call(app, 'POST', 'user/update', { token: user.token, body: { kind: 'fundPassword', password: 'fund1234', confirmPassword: 'fund1234' } });
  n += 1;
  await runCommand(['recharge:record', user.uid, 'USDT', '1000', `evidence-${n}`], ops());
  const made = await call(app, 'POST', 'userwithdraw/create', {
    token: user.token,
    body: { asset: 'USDT', chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount, fundPassword: 'fund1234', requestId: `ops-request-${n}` },
  });
  assert.equal(made.code, 0, made.msg);
  return { ...user, id: made.data.id as string };
}

const balance = (uid: string, part: 'available' | 'frozen') =>
  part === 'available'
    ? available(db, { holder: uid, mode: 'real', wallet: 'platform', asset: 'USDT' })
    : db.query<{ b: string }>("SELECT COALESCE(SUM(balance), 0)::text AS b FROM ledger_accounts WHERE holder = $1 AND part = 'frozen'", [uid]).then((r) => Number(r.rows[0]!.b));

async function audit(action: string) {
  const { rows } = await db.query<{ actor: string; target: string; detail: Record<string, unknown> }>('SELECT actor, target, detail FROM audit_log WHERE action = $1 ORDER BY id', [action]);
  return rows;
}

test('withdraw:pending lists the requests, oldest first', async () => {
  const empty = ops();
  await runCommand(['withdraw:pending'], empty);
  assert.deepEqual(empty.lines, ['No withdrawal is pending.']);
  const first = await withdrawalOf('100');
  const second = await withdrawalOf('200');
  const ctx = ops();
  await runCommand(['withdraw:pending'], ctx);
  assert.equal(ctx.lines.length, 2);
  assert.match(ctx.lines[0]!, new RegExp(`^${first.id}  user:${first.uid}  100 USDT  fee 0 \\(new-user exempt\\)  sends 100  TRC20  TR7N`));
  assert.match(ctx.lines[1]!, new RegExp(`^${second.id}  user:${second.uid}  200 USDT`));
  await runCommand(['withdraw:reject', first.id, 'cleanup'], ops());
  await runCommand(['withdraw:reject', second.id, 'cleanup'], ops());
});

test('withdraw:approve pays out, audited, and notifies the user', async () => {
  const w = await withdrawalOf('250');
  const ctx = ops('ops-grace');
  await runCommand(['withdraw:approve', w.id], ctx);
  assert.match(ctx.lines[0]!, new RegExp(`^Withdrawal ${w.id} completed: 250 USDT sent to TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t \\(fee 0\\), tx [0-9a-f]{64}\\.$`));
  assert.equal(await balance(w.uid, 'available'), '750');
  assert.equal(await balance(w.uid, 'frozen'), 0);
  const [row] = await audit('withdraw:approve');
  assert.deepEqual([row!.actor, row!.target], ['ops-grace', `withdrawal:${w.id}`]);
  assert.match(String(row!.detail.txHash), /^[0-9a-f]{64}$/);
  const [listed] = (await call(app, 'GET', 'userwithdraw/list', { token: w.token })).data.list;
  assert.equal(listed.status, 'completed');
  assert.equal(listed.txHash, row!.detail.txHash);
  assert.equal((await call(app, 'GET', 'notification/list', { token: w.token })).data.list[0].kind, 'withdrawal.approved');

  await assert.rejects(runCommand(['withdraw:approve', w.id], ops()), (e: Error) => e instanceof UsageError && /is completed, not pending/.test(e.message));
  await assert.rejects(runCommand(['withdraw:approve', '424242'], ops()), /No withdrawal 424242/);
  await assert.rejects(runCommand(['withdraw:approve'], ops()), UsageError);
  assert.equal((await audit('withdraw:approve')).length, 1);
});

test('withdraw:reject releases the amount with the reason, audited and notified', async () => {
  const w = await withdrawalOf('400');
  assert.equal(await balance(w.uid, 'available'), '600');
  await assert.rejects(runCommand(['withdraw:reject', w.id], ops()), /needs|usage/);
  await runCommand(['withdraw:reject', w.id, 'Please', 'complete', 'KYC', 'first'], ops('ops-heidi'));
  assert.equal(await balance(w.uid, 'available'), '1000');
  assert.equal(await balance(w.uid, 'frozen'), 0);
  const rows = await audit('withdraw:reject');
  const mine = rows.find((r) => r.target === `withdrawal:${w.id}`)!;
  assert.equal(mine.actor, 'ops-heidi');
  assert.equal(mine.detail.reason, 'Please complete KYC first');
  const [listed] = (await call(app, 'GET', 'userwithdraw/list', { token: w.token })).data.list;
  assert.deepEqual([listed.status, listed.reason], ['rejected', 'Please complete KYC first']);
  const note = (await call(app, 'GET', 'notification/list', { token: w.token })).data.list[0];
  assert.deepEqual([note.kind, note.params.reason], ['withdrawal.rejected', 'Please complete KYC first']);
  await assert.rejects(runCommand(['withdraw:reject', w.id, 'again'], ops()), /is rejected, not pending/);
});
