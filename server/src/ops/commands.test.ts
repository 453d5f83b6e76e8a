import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../db/db.js';
import { testDb } from '../testing/test-db.js';
import { COMMANDS, runCommand, UsageError, type Command, type CommandContext } from './all-commands.js';

let db: Db;
let cleanup: () => Promise<void>;
before(async () => {
  ({ db, cleanup } = await testDb());
});
after(() => cleanup());

function context(operator = 'ops-alice'): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines };
}

// Stands in for the operator commands later issues add (approve a withdrawal, configure a product, ...).
const configure: Command = {
  name: 'product:configure',
  usage: 'product:configure <id> <rate>',
  summary: 'test-only',
  changes: true,
  async run(args, tx) {
    await tx!.query("INSERT INTO dev_outbox (channel, recipient, body) VALUES ('email', 'ops-test', $1)", [args.join(' ')]);
    if (args[0] === 'fail') throw new Error('refused');
  },
};
const commands = [...COMMANDS, configure];

test('help lists every command', async () => {
  const ctx = context();
  await runCommand(['help'], ctx);
  for (const command of COMMANDS) assert.ok(ctx.lines.some((line) => line.includes(command.usage)), command.name);
  const none = context();
  await runCommand([], none);
  assert.deepEqual(none.lines, ctx.lines);
});

test('an empty audit log says so', async () => {
  const ctx = context();
  await runCommand(['audit'], ctx);
  assert.deepEqual(ctx.lines, ['The audit log is empty.']);
});

test('a changing command commits together with its audit record, newest printed first', async () => {
  await runCommand(['product:configure', 'fund-7', '0.05'], context('ops-alice'), commands);
  await runCommand(['product:configure', 'fund-8', '0.04'], context('ops-bob'), commands);

  const ctx = context();
  await runCommand(['audit'], ctx);
  assert.equal(ctx.lines.length, 2);
  assert.match(ctx.lines[0]!, /^\S+Z {2}ops-bob {2}product:configure {2}- {2}\{"args":\["fund-8","0.04"\]\}$/);
  assert.match(ctx.lines[1]!, /ops-alice {2}product:configure/);

  const limited = context();
  await runCommand(['audit', '1'], limited);
  assert.equal(limited.lines.length, 1);
});

test('a failing changing command leaves neither its change nor an audit record', async () => {
  await assert.rejects(runCommand(['product:configure', 'fail'], context(), commands), /refused/);
  const { rows } = await db.query("SELECT count(*) AS n FROM dev_outbox WHERE body = 'fail'");
  assert.deepEqual(rows, [{ n: '0' }]);
  const ctx = context();
  await runCommand(['audit'], ctx);
  assert.equal(ctx.lines.length, 2);
});

test('usage errors', async () => {
  await assert.rejects(runCommand(['drop-everything'], context()), UsageError);
  await assert.rejects(runCommand(['audit', 'many'], context()), /limit must be a positive integer/);
});
