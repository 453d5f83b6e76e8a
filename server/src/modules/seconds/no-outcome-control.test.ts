import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { TSchema } from 'typebox';
import { CONTRACTS } from '@meridian/contracts/schemas';
import { COMMANDS } from '../../ops/all-commands.js';
import { PRODUCT_SET_FLAGS, productChangeOf } from '../../ops/seconds.js';
import { UsageError } from '../../ops/usage-error.js';

/**
 * The "no outcome control" scan: nothing in the schema, the API or `pnpm ops` can choose or change a seconds
 * contract's outcome, a price or an expiry. Fake platforms sell binary options with a back office that picks who
 * wins ("risk control", "win rate control", forced results, price overrides, extended countdowns); each such field
 * or verb is named below, and a change that adds one fails here before review. The product kit's payouts, holds
 * and reserves have their own scan: platform-kit/product/no-amount-control.test.ts.
 */
const MIGRATIONS = fileURLToPath(new URL('../../db/migrations/', import.meta.url));

/** Names of fields or commands that would choose or change an outcome, a price or an expiry. */
const CONTROL = /(outcome|result|force|override|manual|rig|win_?rate|win_?control|risk_?control|control_?(win|loss|result)|set_?price|set_?close|close_?price|open_?price|expir|extend|countdown|payout|settle)/i;

async function migrations(): Promise<{ file: string; sql: string }[]> {
  const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(files.map(async (file) => ({ file, sql: await readFile(MIGRATIONS + file, 'utf8') })));
}

/** The column definitions of a CREATE TABLE, by name. */
function columnsOf(sql: string, table: string): Map<string, string> {
  const start = sql.search(new RegExp(`CREATE TABLE ${table} \\(`));
  assert.ok(start >= 0, `${table} is created`);
  let depth = 0;
  let end = start;
  for (let i = sql.indexOf('(', start); i < sql.length; i++) {
    if (sql[i] === '(') depth++;
    if (sql[i] === ')' && --depth === 0) {
      end = i;
      break;
    }
  }
  const body = sql.slice(sql.indexOf('(', start) + 1, end).replace(/--[^\n]*/g, '');
  const columns = new Map<string, string>();
  let current = '';
  depth = 0;
  for (const ch of body + ',') {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      const definition = current.trim();
      const name = /^([a-z_]+)\s/.exec(definition)?.[1];
      if (name && !['CHECK', 'UNIQUE', 'PRIMARY', 'FOREIGN'].includes(name.toUpperCase())) columns.set(name, definition);
      current = '';
    } else current += ch;
  }
  return columns;
}

test('migrations: a contract\'s outcome and payout are generated from recorded prices; no migration adds a control field or loosens the seconds tables', async () => {
  const all = await migrations();
  const own = all.find((m) => /_seconds\.sql$/.test(m.file));
  assert.ok(own, 'the seconds migration exists');
  const columns = columnsOf(own.sql, 'seconds_contracts');
  assert.match(columns.get('outcome') ?? '', /GENERATED ALWAYS AS/, 'outcome is derived, never written');
  assert.match(columns.get('payout') ?? '', /GENERATED ALWAYS AS/, 'payout is derived, never written');
  // every writable column named like an outcome, a price or an expiry, and what guards it: the terms frozen at purchase
  // (the guard refuses any change; the opening price must be the recorded tick's, expiry = acceptance + duration) and
  // the settlement columns (the guard checks the close against the first recorded tick at or after expiry)
  const written = [...columns.keys()].filter((c) => CONTROL.test(c) && !/GENERATED ALWAYS/.test(columns.get(c)!));
  assert.deepEqual(written, ['payout_ratio', 'expires_at', 'open_price', 'close_price', 'settled_at', 'settle_receipt_seq'], 'a new such column is reviewed here');
  const guarded = /IS DISTINCT FROM\s+\(OLD\.([^)]*)\)/.exec(own.sql)?.[1] ?? '';
  for (const frozen of ['payout_ratio', 'expires_at', 'open_price', 'stake', 'direction', 'duration_seconds', 'opened_at', 'open_tick_id']) {
    assert.ok(guarded.includes(frozen), `${frozen} cannot change after purchase`);
  }
  assert.match(own.sql, /feed_time >= NEW\.expires_at ORDER BY feed_time, id LIMIT 1/, 'the guard names the first recorded tick at or after expiry');
  assert.match(own.sql, /CHECK \(expires_at = opened_at \+ make_interval\(secs => duration_seconds\)\)/, 'expiry is acceptance + duration');
  assert.match(own.sql, /a contract's terms are frozen at purchase|a contract''s terms are frozen at purchase/);

  for (const { file, sql } of all) {
    const code = sql.replace(/--[^\n]*/g, '');
    assert.doesNotMatch(code, /ALTER TABLE\s+(IF EXISTS\s+)?seconds_/i, `${file}: the seconds tables are changed only by their own migration`);
    assert.doesNotMatch(code, /DISABLE TRIGGER|DROP TRIGGER[^;]*seconds_|session_replication_role/i, `${file}: no migration switches the guards off`);
    const controlColumns = [...code.matchAll(/\b(forced?_\w+|\w*override\w*|\w*risk_control\w*|\w*win_rate\w*|\w*win_control\w*|manual_(outcome|result|price)\w*|target_(outcome|result)\w*)\b/gi)].map((m) => m[0]);
    assert.deepEqual(controlColumns, [], `${file}: no control column anywhere`);
  }
});

/** Every property name a request schema accepts, nested ones included. */
function fieldsOf(schema: TSchema | undefined, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  const s = schema as { properties?: Record<string, TSchema>; anyOf?: TSchema[]; allOf?: TSchema[]; items?: TSchema; additionalProperties?: unknown };
  for (const [name, child] of Object.entries(s.properties ?? {})) {
    into.add(name);
    fieldsOf(child, into);
  }
  for (const child of [...(s.anyOf ?? []), ...(s.allOf ?? []), ...(s.items ? [s.items] : [])]) fieldsOf(child, into);
  return into;
}

test('routes: no call takes an outcome, a price or an expiry for a seconds contract, and no path is a verb that would set one', () => {
  const secondsCalls = CONTRACTS.filter((c) => c.call.path.startsWith('/transaction/api/'));
  assert.deepEqual(secondsCalls.map((c) => `${c.call.method} ${c.call.path}`).sort(), [
    'GET /transaction/api/contract/detail',
    'GET /transaction/api/contract/getContractList',
    'GET /transaction/api/contract/productList',
    'POST /transaction/api/contract/create',
  ], 'the seconds contract calls are these four; a new one is reviewed here');
  const accepted = new Set<string>();
  for (const c of secondsCalls) for (const f of [...fieldsOf(c.schema.body), ...fieldsOf(c.schema.query)]) accepted.add(f);
  assert.deepEqual([...accepted].sort(), ['direction', 'duration', 'id', 'page', 'productId', 'requestId', 'size', 'stake', 'status', 'symbol']);
  // the duration names a product's fixed term; it is checked against the product and never extends a bought contract
  for (const c of CONTRACTS) {
    const fields = [...fieldsOf(c.schema.body), ...fieldsOf(c.schema.query)];
    assert.deepEqual(fields.filter((f) => /^(outcome|result|forced?\w*|override\w*|closePrice|openPrice|expir\w*|settle\w*|payout\w*|winRate|riskControl)$/i.test(f)), [],
      `${c.call.method} ${c.call.path}: no request field chooses an outcome, a price or an expiry`);
    assert.doesNotMatch(c.call.path, /(setOutcome|setResult|forceSettle|settleNow|setPrice|setClose|extend|override|riskControl|winControl)/i, `${c.call.path}: no such verb`);
  }
});

test('ops: no command settles, decides, prices or extends; the product command takes only future terms', async () => {
  for (const command of COMMANDS) {
    assert.doesNotMatch(`${command.name} ${command.usage}`, /(settle|outcome|result|force|override|expir|extend|close-price|set-price|win-?rate|risk)/i, `${command.name}: no such verb or flag`);
  }
  const seconds = COMMANDS.filter((c) => c.name.startsWith('seconds:'));
  assert.deepEqual(seconds.map((c) => [c.name, c.changes]), [['seconds:products', false], ['seconds:product-set', true], ['seconds:exposure', false]]);
  assert.deepEqual([...PRODUCT_SET_FLAGS], ['ratio', 'min', 'max', 'enabled']);
  for (const flag of ['outcome', 'result', 'close', 'price', 'expiry', 'contract', 'user']) {
    assert.throws(() => productChangeOf({ [flag]: 'x' }), (e: unknown) => e instanceof UsageError && /Unknown option/.test(e.message), `--${flag} is refused`);
  }
  const set = seconds.find((c) => c.name === 'seconds:product-set')!;
  const context = { operator: 'scan', db: () => Promise.reject(new Error('not reached')), print: () => {} };
  await assert.rejects(set.run(['BTCUSDT', '30', 'win'], undefined, context), UsageError, 'no word beyond the symbol and the duration');
});
