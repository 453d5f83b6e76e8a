import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../db/db.js';
import { PLATFORM, post } from '../modules/ledger/ledger.js';
import { testDb } from '../testing/test-db.js';
import { runCommand, type CommandContext } from './all-commands.js';

let db: Db;
let cleanup: () => Promise<void>;
before(async () => ({ db, cleanup } = await testDb()));
after(() => cleanup());

const context = (): CommandContext & { lines: string[] } => {
  const lines: string[] = [];
  return { operator: 'ops-test', db: async () => db, print: (line) => lines.push(line), lines };
};

test('"ledger verify" proves a consistent ledger, "ledger:verify" is the same command', async () => {
  await post(db, { key: 'k1', cause: { type: 'deposit', id: '1' }, moves: [
    { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: '100001', mode: 'real', wallet: 'platform', asset: 'USDT' }, amount: '12.5' },
  ] }, new Date());
  for (const argv of [['ledger', 'verify'], ['ledger:verify']]) {
    const ctx = context();
    await runCommand(argv, ctx);
    assert.deepEqual(ctx.lines, ['2 accounts, 1 transfers checked.', 'Ledger OK: every asset sums to zero, every balance equals its transfers, no user balance is negative, every held balance equals its open holds.']);
  }
});

test('a drifted balance makes "ledger verify" fail and name the account', async () => {
  if (db.kind !== 'pglite') return; // needs to bypass the guard trigger, which only the table owner can
  await db.query('ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guarded');
  await db.query("UPDATE ledger_accounts SET balance = balance + 1 WHERE holder = 100001");
  await db.query('ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_guarded');
  const ctx = context();
  await assert.rejects(runCommand(['ledger', 'verify'], ctx), /Ledger verification failed: 2 problem/);
  assert.ok(ctx.lines.some((line) => /PROBLEM: account .* holds 13.5 but its transfers add up to 12.5/.test(line)), ctx.lines.join('\n'));
});
