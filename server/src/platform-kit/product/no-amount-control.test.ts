import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { TSchema } from 'typebox';
import { CONTRACTS } from '@meridian/contracts/schemas';
import { COMMANDS } from '../../ops/all-commands.js';

/**
 * The product kit's honesty scan (the seconds one is modules/seconds/no-outcome-control.test.ts): nothing in the
 * API, `pnpm ops` or the schema sets a payout amount, an allocation or a balance. Fake investment platforms give
 * their back office "adjust profit", "set allocation" or "edit balance" screens; each such field, verb or write
 * is named below, so a change that adds one fails here before review.
 */
const SRC = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS = path.join(SRC, 'db/migrations/');

/** Field, path or command words that would set an amount owed, an allocation or a balance. */
const SETTER = /(payout|allocat|allot|set_?balance|setBalance|adjust|liabilit|set_?profit|yield_?override|credit_?user|debit_?user)/i;

function fieldsOf(schema: TSchema | undefined, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  const s = schema as { properties?: Record<string, TSchema>; anyOf?: TSchema[]; allOf?: TSchema[]; items?: TSchema; then?: TSchema; else?: TSchema };
  for (const [name, child] of Object.entries(s.properties ?? {})) {
    into.add(name);
    fieldsOf(child, into);
  }
  // if/then/else: a body whose flag picks its shape (userStock/buy with block: true) is scanned in both shapes
  for (const child of [...(s.anyOf ?? []), ...(s.allOf ?? []), ...(s.items ? [s.items] : []), ...(s.then ? [s.then] : []), ...(s.else ? [s.else] : [])]) fieldsOf(child, into);
  return into;
}

async function sources(dir: string): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(full)));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push({ file: path.relative(SRC, full), text: await readFile(full, 'utf8') });
  }
  return out;
}

/** Reads whose spec path names an allotment (block trades' history): GETs that list, never set (fields checked too). */
const ALLOTMENT_READS = new Set(['GET /asset/api/stock-allotment/listByUser']);

test('routes: no call takes a payout amount, an allocation or a balance, and no path is such a verb', () => {
  for (const c of CONTRACTS) {
    const fields = [...fieldsOf(c.schema.body), ...fieldsOf(c.schema.query)];
    assert.deepEqual(fields.filter((f) => SETTER.test(f) || /^(balance|available|frozen|held|reserve|coverage)$/i.test(f)), [], `${c.call.method} ${c.call.path}: no such request field`);
    // the spec names the allotment calls cryptoAllotment/…: the namespace is a noun, checked call by call below
    if (!c.call.path.startsWith('/asset/api/cryptoAllotment/') && !ALLOTMENT_READS.has(`${c.call.method} ${c.call.path}`)) assert.doesNotMatch(c.call.path, SETTER, `${c.call.path}: no such verb`);
  }
  // token offerings: the allotment calls are the spec's six, five reads and one subscription whose body is the request only
  const allotments = CONTRACTS.filter((c) => c.call.path.startsWith('/asset/api/cryptoAllotment/'));
  assert.deepEqual(allotments.map((c) => `${c.call.method} ${c.call.path.slice('/asset/api/cryptoAllotment/'.length)}`).sort(),
    ['GET allotment-setting', 'GET allotmentList', 'GET checkAllotmentVerifyCode', 'GET pending', 'GET winning', 'POST buyAllotment']);
  for (const c of CONTRACTS.filter((c) => c.call.method === 'POST' && /\/(cryptoIpo|cryptoAllotment)\//.test(c.call.path))) {
    assert.deepEqual([...fieldsOf(c.schema.body)].sort(), c.call.path.endsWith('buyAllotment') ? ['code', 'id', 'quantity', 'requestId'] : ['id', 'quantity', 'requestId']);
  }
  for (const read of ALLOTMENT_READS) assert.ok(read.startsWith('GET ') && CONTRACTS.some((c) => `${c.call.method} ${c.call.path}` === read), `${read} is a read`);
  // IPO and block subscriptions name an offer, a size and a request id: never a seed, a draw, a place, a price or a cost
  // (a block subscription is userStock/buy with block: true: the shape its flag picks)
  const offerBodies = CONTRACTS.filter((c) => c.call.method === 'POST' && /\/userStock\/buy(StockIpo)?$/.test(c.call.path))
    .map((c) => (c.call.path.endsWith('/buy') ? (c.schema.body as { then?: TSchema }).then : c.schema.body));
  assert.equal(offerBodies.filter(Boolean).length, 2);
  const offerFields = offerBodies.flatMap((body) => [...fieldsOf(body)]);
  assert.deepEqual([...new Set(offerFields)].sort(), ['block', 'blockOfferId', 'ipoId', 'quantity', 'requestId', 'shares']);
  // the kit's one call is a read; the rest under product/ are wealth financing's reads and its one purchase
  assert.deepEqual(CONTRACTS.filter((c) => c.call.path.startsWith('/asset/api/product/')).map((c) => `${c.call.method} ${c.call.path}`), [
    'GET /asset/api/product/reserves',
    'GET /asset/api/product/productList',
    'GET /asset/api/product/estimatedAmount',
    'POST /asset/api/product/buyFinanceProduct',
    'GET /asset/api/product/userProductList',
    'GET /asset/api/product/summary',
  ]);
  // smart pool and financing: a purchase names a product, an amount and its request id, nothing else; no call
  // takes a rate, an income, a rebate, a level or a date (they come from the frozen terms)
  const invest = CONTRACTS.filter((c) => /^\/asset\/api\/(smartPool|product|manage-rate)\//.test(c.call.path));
  assert.equal(invest.length, 17);
  for (const c of invest.filter((c) => c.call.method === 'POST')) {
    assert.ok([['amount', 'orderNumber', 'productId'], ['amount', 'productId', 'requestId'], ['orderId']].some((allowed) => allowed.join() === [...fieldsOf(c.schema.body)].sort().join()), `${c.call.path}: ${[...fieldsOf(c.schema.body)]}`);
  }
  for (const c of invest) assert.deepEqual([...fieldsOf(c.schema.body), ...fieldsOf(c.schema.query)].filter((f) => /rate|income|interest|rebate|level|revenue|_at$|At$|status|paid/i.test(f) && f !== 'status'), [], c.call.path);
});

test('ops: no command sets a payout, an allocation or a balance; the reserve commands fund by transfer and read', () => {
  for (const command of COMMANDS) assert.doesNotMatch(`${command.name} ${command.usage}`, SETTER, `${command.name}: no such verb or flag`);
  assert.deepEqual(COMMANDS.filter((c) => c.name.startsWith('reserve:')).map((c) => [c.name, c.changes]), [['reserve:fund', true], ['reserve:status', false]]);
  // smart pool and financing: operators list products and publish terms versions; nothing else changes
  assert.deepEqual(COMMANDS.filter((c) => /^(smart-pool|financing):/.test(c.name)).map((c) => [c.name, c.changes]), [
    ['smart-pool:miners', false], ['smart-pool:publish', true], ['financing:products', false], ['financing:publish', true],
  ]);
  for (const c of COMMANDS.filter((c) => /^(smart-pool|financing):/.test(c.name))) assert.doesNotMatch(c.usage, /--(income|interest|revenue|balance|paid|status|order|user)/, c.name);
});

test('schema: payouts, holds and terms are frozen once written; only their own module writes them', async () => {
  const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
  const all = await Promise.all(files.map(async (file) => ({ file, sql: await readFile(path.join(MIGRATIONS, file), 'utf8') })));
  const kit = all.find((m) => /_product_kit\.sql$/.test(m.file))!.sql;
  // the payout guard names amount, due time and owner among what never changes, and lets only pending → paid through
  // (the guard in force is the last migration's definition: 0063 lets a pending payout be cancelled, never changed)
  const guardSql = all.filter((m) => /FUNCTION product_payouts_guard/.test(m.sql)).at(-1)!.sql;
  const payoutGuard = /product_payouts_guard[\s\S]*?IS DISTINCT FROM \(([^)]*)\)/.exec(guardSql)?.[1] ?? '';
  for (const frozen of ['OLD.amount', 'OLD.due_at', 'OLD.user_id', 'OLD.release_hold_id']) assert.ok(payoutGuard.includes(frozen), `${frozen} never changes`);
  assert.match(guardSql, /OLD\.status <> 'pending' OR NEW\.status NOT IN \('paid', 'cancelled'\)/);
  const holdGuard = /holds_guard[\s\S]*?IS DISTINCT FROM \(([^)]*)\)/.exec(kit)?.[1] ?? '';
  assert.ok(holdGuard.includes('OLD.amount'), 'a hold amount never changes');
  assert.match(kit, /CREATE TRIGGER product_terms_append_only BEFORE UPDATE OR DELETE ON product_terms/);
  for (const { file, sql } of all) {
    const code = sql.replace(/--[^\n]*/g, '');
    assert.doesNotMatch(code, /DISABLE TRIGGER|DROP TRIGGER[^;]*(product_|holds_|ledger_)|session_replication_role/i, `${file}: no migration switches the guards off`);
    const columns = [...code.matchAll(/\b(\w*(payout|allocation|allotment)_(override|manual|adjust)\w*|manual_\w*(amount|balance|payout)\w*|\w*balance_override\w*)\b/gi)].map((m) => m[0]);
    assert.deepEqual(columns, [], `${file}: no override column`);
  }
  // the one writer of each table: a route or command that wrote one directly would bypass the rule and the ledger
  const writers = (pattern: RegExp, all: { file: string; text: string }[]) => all.filter((s) => pattern.test(s.text)).map((s) => s.file).sort();
  const code = await sources(SRC);
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+product_payouts/, code), ['platform-kit/product/payouts.ts']);
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+holds\b/, code), ['platform-kit/product/holds.ts']);
  assert.deepEqual(writers(/INSERT INTO\s+product_terms/, code), ['platform-kit/product/terms.ts']);
  assert.deepEqual(writers(/UPDATE\s+ledger_accounts\s+SET/, code), [], 'balances change only in the ledger trigger');
  // token offerings: the draw's result and the listing are written by their jobs only; the offering by its ops command
  assert.deepEqual(writers(/UPDATE\s+token_subscriptions/, code), ['modules/token-offers/settle.ts']);
  assert.deepEqual(writers(/INSERT INTO\s+token_offers/, code), ['modules/token-offers/ops.ts']);
  assert.deepEqual(writers(/UPDATE\s+token_offers/, code), ['modules/token-offers/settle.ts']);
  const offersSql = all.find((m) => /_token_offers\.sql$/.test(m.file))!.sql;
  assert.match(offersSql, /CREATE TRIGGER token_offers_guard BEFORE UPDATE OR DELETE ON token_offers/);
  assert.match(offersSql, /CREATE TRIGGER token_subscriptions_guard BEFORE UPDATE OR DELETE ON token_subscriptions/);
  const subscriptionGuard = /token_subscriptions_guard[\s\S]*?OLD\.allocated_at IS NOT NULL AND \(([^)]*)\)/.exec(offersSql)?.[1] ?? '';
  for (const frozen of ['NEW.place', 'NEW.won_lots', 'NEW.won_quantity', 'NEW.cost', 'NEW.refund']) assert.ok(subscriptionGuard.includes(frozen), `${frozen} is written once`);
  // IPOs and block trades (migrations 0045, 0046): the seed and the published terms never change, the draw is
  // written once, and only the module's services write the tables (the ops commands call them)
  const ipos = all.find((m) => /_stock_ipos\.sql$/.test(m.file))!.sql;
  const ipoGuard = /stock_ipos_guard[\s\S]*?IS DISTINCT FROM \(([^)]*)\)/.exec(ipos)?.[1] ?? '';
  for (const frozen of ['OLD.seed', 'OLD.seed_hash', 'OLD.issue_price', 'OLD.shares_offered', 'OLD.allocate_at']) assert.ok(ipoGuard.includes(frozen), `${frozen} never changes`);
  assert.match(ipos, /seed_hash = encode\(sha256\(convert_to\(seed, 'UTF8'\)\), 'hex'\)/);
  assert.match(ipos, /OLD\.lots_won IS NOT NULL AND \(NEW\.draw, NEW\.place, NEW\.lots_won, NEW\.cost\) IS DISTINCT FROM/);
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+stock_ipo(s|_subscriptions)\b/, code), ['modules/stock-offers/ipo.ts']);
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+stock_block_(offers|subscriptions)\b/, code), ['modules/stock-offers/block.ts']);
  // the smart pool's and financing's own tables: written once by their purchase, frozen by a trigger, no status
  // column (locked/redeemed and holding/matured are read from the payouts, so no write can mark one paid)
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+smart_pool_(orders|rebates)/, code), ['modules/smart-pool/service.ts']);
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+financing_orders/, code), ['modules/financing/service.ts']);
  assert.deepEqual(writers(/UPDATE\s+(smart_pool_|financing_)/, code), []);
  // an early redemption: one row written by the redemption, append-only, its figures from the frozen terms
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+smart_pool_redemptions/, code), ['modules/smart-pool/redeem.ts']);
  assert.match(all.map((m) => m.sql).join('\n'), /BEFORE UPDATE OR DELETE ON smart_pool_redemptions FOR EACH ROW/);
  const invest = all.filter((m) => /_(smart_pool|financing)\.sql$/.test(m.file)).map((m) => m.sql).join('\n');
  for (const table of ['smart_pool_orders', 'smart_pool_rebates', 'financing_orders']) {
    assert.match(invest, new RegExp(`BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW`), `${table} is append-only`);
    const columns = new RegExp(`CREATE TABLE ${table} \\(([\\s\\S]*?)\\n\\);`).exec(invest)?.[1] ?? '';
    assert.ok(columns.length > 0, table);
    assert.doesNotMatch(columns.replace(/--[^\n]*/g, ''), /\b(status|revenue|paid\w*|income|interest|balance)\b\s+\w/, `${table}: no column a write could set an outcome with`);
  }
});

test('ops: the IPO and block commands publish, review and decide; none sets a seed, a draw, a price paid or a balance', () => {
  const offerCommands = COMMANDS.filter((c) => /^(ipo|block):/.test(c.name));
  assert.deepEqual(offerCommands.map((c) => [c.name, c.changes]), [
    ['ipo:publish', true], ['ipo:list', false], ['ipo:subscriptions', false], ['ipo:review', true], ['ipo:pass-all', true], ['ipo:cancel', true],
    ['block:publish', true], ['block:pending', false], ['block:approve', true], ['block:reject', true],
  ]);
  for (const c of offerCommands) assert.doesNotMatch(c.usage, /--(seed|hash|place|won|cost|amount|balance)\b/, `${c.name}: no such flag`);
});

test('c2c and otc: escrow and credits only through holds and the ledger; operators decide, never set an amount', async () => {
  const code = await sources(SRC);
  const writers = (pattern: RegExp) => code.filter((s) => pattern.test(s.text)).map((s) => s.file).sort();
  // orders change only in the order service (status moves with their hold), ads only in the ad and order services
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+c2c_orders\b/), ['modules/c2c/orders.ts']);
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+c2c_ads\b/), ['modules/c2c/ads.ts', 'modules/c2c/orders.ts']);
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+otc_orders\b/), ['modules/c2c/otc.ts']);
  // the operator commands name a record and a decision, never a quantity, a price or a balance (otc:rate sets the
  // desk's versioned fiat terms, the way stock:rate does: a rate, never an order's figure)
  const c2c = COMMANDS.filter((c) => /^(c2c|otc):/.test(c.name));
  assert.deepEqual(c2c.map((c) => c.name).sort(), ['c2c:appeal-resolve', 'c2c:appeal-show', 'c2c:appeals', 'c2c:merchant-approve', 'c2c:merchant-reject', 'c2c:merchants', 'otc:confirm', 'otc:pending', 'otc:rate', 'otc:rates', 'otc:reject']);
  for (const c of c2c) assert.doesNotMatch(c.usage, /amount|quantity|price|balance|total/i, `${c.name}: no figure`);
  // no c2c/otc call takes a balance or a price for an order; the quote's price is the one the desk signed
  for (const c of CONTRACTS.filter((x) => /\/(c2c|asset|paymentMethod)\//.test(x.call.path) && x.call.method === 'POST')) {
    const fields = [...fieldsOf(c.schema.body)];
    assert.deepEqual(fields.filter((f) => /^(balance|available|held|total|buyPrice|sellPrice)$/i.test(f)), [], `${c.call.path}: no such field`);
  }
  const otc = CONTRACTS.find((x) => x.call.path === '/asset/api/asset/currencyBuy')!;
  assert.deepEqual([...fieldsOf(otc.schema.body)].sort(), ['quantity', 'quoteId', 'requestId']);
});

test('AI funds: no call, command or column sets a fund value; values and positions have one writer each and are guarded', async () => {
  const VALUE_SETTER = /(value|price|nav|rate|yield|proceeds|cost)/i;
  for (const c of CONTRACTS.filter((c) => /\/ai-fund/.test(c.call.path))) {
    const fields = [...fieldsOf(c.schema.body), ...fieldsOf(c.schema.query)];
    assert.deepEqual(fields.filter((f) => VALUE_SETTER.test(f)), [], `${c.call.method} ${c.call.path}: no value, price or rate in a request`);
  }
  const aiCommands = COMMANDS.filter((c) => c.name.startsWith('ai-fund:'));
  assert.deepEqual(aiCommands.map((c) => c.name).sort(), ['ai-fund:code', 'ai-fund:list', 'ai-fund:publish']);
  for (const command of aiCommands) assert.doesNotMatch(`${command.name} ${command.usage}`, /(value|price|nav|yield|balance|proceeds)/i, `${command.name}: no value verb or flag`);
  const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
  const all = await Promise.all(files.map(async (file) => ({ file, sql: (await readFile(path.join(MIGRATIONS, file), 'utf8')).replace(/--[^\n]*/g, '') })));
  const own = all.find((m) => /_ai_funds\.sql$/.test(m.file))!.sql;
  assert.match(own, /CREATE TRIGGER ai_fund_values_append_only BEFORE UPDATE OR DELETE ON ai_fund_values/);
  assert.match(own, /CREATE TRIGGER ai_fund_positions_guard BEFORE INSERT OR UPDATE OR DELETE ON ai_fund_positions/);
  assert.match(own, /CHECK \(cost = shares \* buy_value\)/);
  for (const { file, sql } of all.filter((m) => !/_ai_funds\.sql$/.test(m.file))) {
    assert.doesNotMatch(sql, /(ALTER|DROP|UPDATE|INSERT INTO|DELETE FROM)\s+(TABLE\s+)?(TRIGGER\s+\w+\s+ON\s+)?ai_fund_(values|positions)/i, `${file}: only the AI funds migration shapes its tables`);
  }
  const code = await sources(SRC);
  const writers = (pattern: RegExp) => code.filter((s) => pattern.test(s.text)).map((s) => s.file).sort();
  assert.deepEqual(writers(/INSERT INTO\s+ai_fund_values/), ['modules/ai-funds/values.ts']);
  assert.deepEqual(writers(/(INSERT INTO|UPDATE)\s+ai_fund_positions/), ['modules/ai-funds/service.ts']);
});
