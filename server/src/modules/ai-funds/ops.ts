import type { Db } from '../../db/db.js';
import type { Command, CommandContext } from '../../ops/commands.js';
import { UsageError } from '../../ops/usage-error.js';
import { currentTerms, publishTerms } from '../../platform-kit/product/terms.js';
import { Dec } from '../ledger/decimal.js';
import { CODE, hashCode } from './codes.js';
import { AI_FUND, checkFundTerms, FUND_ID, type AiFundTerms } from './terms.js';
import { latestValue } from './values.js';

const now = (context: CommandContext) => context.clock?.() ?? new Date();

/** Validates terms (and that every symbol is in the catalogue) and publishes them as the fund's next version. */
export async function publishFundTerms(tx: Db, fundId: string, terms: AiFundTerms, operator: string, at: Date) {
  if (!FUND_ID.test(fundId)) throw new UsageError('fund: 2–32 lower-case letters, digits or "-", starting with a letter');
  const problems = checkFundTerms(terms);
  if (problems.length) throw new UsageError(`Invalid fund terms:\n  ${problems.join('\n  ')}`);
  const { rows } = await tx.query<{ symbol: string }>('SELECT symbol FROM market_instrument WHERE symbol = ANY($1::text[])', [terms.symbols]);
  const missing = terms.symbols.filter((s) => !rows.some((r) => r.symbol === s));
  if (missing.length) throw new UsageError(`Not in the catalogue: ${missing.join(', ')}`);
  const clean: AiFundTerms = {
    ...terms,
    initialValue: new Dec(terms.initialValue).toFixed(),
    minShares: new Dec(terms.minShares).toFixed(),
    maxGainRate: new Dec(terms.maxGainRate).toFixed(),
  };
  await tx.query('INSERT INTO ai_funds (id, created_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [fundId, at]);
  return publishTerms(tx, { productKind: AI_FUND, productId: fundId, terms: clean, operator, now: at });
}

/**
 * Operator commands of AI funds. Operators publish a fund's rule (a new terms version; the value follows from
 * recorded prices, never from a command) and set or clear its access code (read from standard input, so the code
 * is neither in the shell history nor in the audit row; stored hashed).
 */
export const AI_FUND_COMMANDS: Command[] = [
  {
    name: 'ai-fund:list',
    usage: 'ai-fund:list',
    summary: 'List the AI funds: terms version, rule, access code or none, latest value and its time',
    changes: false,
    async run(_args, _db, context) {
      const db = await context.db();
      const { rows } = await db.query<{ id: string; hasCode: boolean }>('SELECT id, code_hash IS NOT NULL AS "hasCode" FROM ai_funds ORDER BY id');
      if (!rows.length) context.print('No AI fund.');
      for (const fund of rows) {
        const terms = await currentTerms<AiFundTerms>(db, AI_FUND, fund.id);
        const value = await latestValue(db, fund.id);
        context.print(
          [fund.id, `v${terms?.version ?? '-'}`, `"${terms?.terms.name ?? ''}"`, terms?.terms.strategy ?? '-', (terms?.terms.symbols ?? []).join(','),
            fund.hasCode ? 'code' : 'no code', value ? `${value.valuePerShare} at ${value.at.toISOString()}` : 'not valued yet'].join('  '),
        );
      }
    },
  },
  {
    name: 'ai-fund:publish',
    usage: 'ai-fund:publish <fund> <terms.json | ->',
    summary: "Publish a fund's terms (JSON: name, strategy, symbols, top, lookbackDays, rebalanceEveryDays, initialValue, shareDecimals, minShares, maxGainRate, historyDays); a new fund or its next version",
    changes: true,
    async run(args, tx, context) {
      const [fundId, source] = args;
      if (!fundId || !source || args.length > 2) throw new UsageError('usage: ai-fund:publish <fund> <terms.json | ->');
      let text: string;
      if (source === '-') text = await (context.readStdin?.() ?? Promise.reject(new UsageError('no standard input')));
      else {
        const { readFile } = await import('node:fs/promises');
        const path = await import('node:path');
        text = await readFile(path.resolve(context.cwd ?? process.cwd(), source), 'utf8');
      }
      let terms: AiFundTerms;
      try {
        terms = JSON.parse(text) as AiFundTerms;
      } catch {
        throw new UsageError('the terms are not valid JSON');
      }
      const published = await publishFundTerms(tx!, fundId, terms, context.operator, now(context));
      context.print(`AI fund ${fundId}: terms version ${published.version} published.`);
      return { target: `ai-fund:${fundId}`, detail: { version: published.version } };
    },
  },
  {
    name: 'ai-fund:code',
    usage: 'ai-fund:code <fund> <set -|clear>   (set - reads the 4 digits from standard input)',
    summary: "Set (4 digits from standard input, stored hashed) or clear a fund's access code",
    changes: true,
    async run(args, tx, context) {
      const [fundId, action, dash] = args;
      if (!fundId || (action !== 'set' && action !== 'clear') || args.length > 3 || (dash !== undefined && (dash !== '-' || action !== 'set'))) {
        throw new UsageError('usage: ai-fund:code <fund> <set -|clear>');
      }
      const exists = await tx!.query('SELECT 1 FROM ai_funds WHERE id = $1', [fundId]);
      if (!exists.rows.length) throw new UsageError(`No AI fund "${fundId}" (see ai-fund:list)`);
      if (action === 'clear') {
        await tx!.query('UPDATE ai_funds SET code_hash = NULL, code_set_at = $2 WHERE id = $1', [fundId, now(context)]);
        context.print(`AI fund ${fundId}: access code cleared.`);
        return { target: `ai-fund:${fundId}`, detail: { code: 'cleared' } };
      }
      const code = ((await context.readStdin?.()) ?? '').trim();
      if (!CODE.test(code)) throw new UsageError('the code: exactly 4 digits on standard input');
      await tx!.query('UPDATE ai_funds SET code_hash = $2, code_set_at = $3 WHERE id = $1', [fundId, hashCode(code), now(context)]);
      // a new code starts every user's count afresh
      await tx!.query('DELETE FROM ai_fund_code_attempts WHERE fund_id = $1', [fundId]);
      context.print(`AI fund ${fundId}: access code set.`);
      return { target: `ai-fund:${fundId}`, detail: { code: 'set' } };
    },
  },
];
