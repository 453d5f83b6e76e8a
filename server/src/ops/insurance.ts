import { Dec } from '../modules/ledger/decimal.js';
import { available, parseAmount, PLATFORM, post, type Mode } from '../modules/ledger/ledger.js';
import { fundBalance, floorOf } from '../modules/perpetual/insurance.js';
import type { Command, CommandContext } from './commands.js';
import type { Db } from '../db/db.js';
import { parseFlags } from './loans.js';
import { UsageError } from './usage-error.js';

/** The platform accounts an operator may fund the insurance fund from (treasury accounts holding real USDT). */
export const INSURANCE_SOURCES = ['backoffice', 'fees'] as const;
type Source = (typeof INSURANCE_SOURCES)[number];

export const modeOf = (value: string | undefined): Mode => {
  if (value === undefined || value === 'real') return 'real';
  if (value === 'demo') return 'demo';
  throw new UsageError('mode is real or demo');
};

const amountOf = (text: string | undefined): string => {
  try {
    return parseAmount(text).toFixed();
  } catch {
    throw new UsageError('the amount is a positive decimal');
  }
};

const onlyFlags = (flags: Record<string, string>, allowed: string[]) => {
  const unknown = Object.keys(flags).filter((flag) => !allowed.includes(flag));
  if (unknown.length) throw new UsageError(`Unknown option(s): ${unknown.map((f) => `--${f}`).join(' ')}; use ${allowed.map((f) => `--${f}`).join(' ')}`);
};

/**
 * A ledger transfer from a platform treasury account into the insurance fund (never a balance edit), refused in real
 * mode when the source does not hold the amount; the caller's command writes the audit row in the same transaction.
 */
export async function fundInsurance(tx: Db, context: CommandContext, input: { amount: string; from: Source; mode: Mode }) {
  const now = context.clock?.() ?? new Date();
  const source = { holder: PLATFORM, mode: input.mode, wallet: input.from, asset: 'USDT' };
  const held = await available(tx, source);
  // real money only leaves a treasury account that holds it; demo accounts are play money, as the demo ledger's are
  if (input.mode === 'real' && new Dec(held).lt(input.amount)) throw new UsageError(`${input.from} (${input.mode}) holds ${held} USDT, less than ${input.amount}`);
  await post(tx, {
    key: `insurance-topup:${context.operator}:${now.toISOString()}:${input.amount}:${input.from}:${input.mode}`,
    cause: { type: 'insurance-topup', id: context.operator },
    moves: [{ from: source, to: { holder: PLATFORM, mode: input.mode, wallet: 'insurance', asset: 'USDT' }, amount: input.amount }],
  }, now);
  const balance = await fundBalance(tx, input.mode);
  context.print(`Insurance fund (${input.mode}): +${input.amount} USDT from ${input.from}, now ${balance} USDT`);
  return { target: `insurance:${input.mode}`, detail: { amount: input.amount, from: input.from, balance } };
}

const sourceOf = (value: string | undefined): Source => {
  if (value === undefined) return 'backoffice';
  if ((INSURANCE_SOURCES as readonly string[]).includes(value)) return value as Source;
  throw new UsageError(`--from is one of ${INSURANCE_SOURCES.join(', ')}`);
};

/** The insurance fund's operator commands: fund it, set its alert floor, read it with its alerts. */
export const INSURANCE_COMMANDS: Command[] = [
  {
    name: 'insurance:fund',
    usage: 'insurance:fund <amount> [--from backoffice|fees] [--mode real|demo]',
    summary: 'Seed or top up the insurance fund: a ledger transfer from a platform account (audited)',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      onlyFlags(flags, ['from', 'mode']);
      if (words.length !== 1) throw new UsageError('usage: insurance:fund <amount> [--from backoffice|fees] [--mode real|demo]');
      return fundInsurance(tx!, context, { amount: amountOf(words[0]), from: sourceOf(flags.from), mode: modeOf(flags.mode) });
    },
  },
  {
    name: 'insurance:floor',
    usage: 'insurance:floor <amount> [--mode real|demo]',
    summary: 'Set the balance below which the insurance fund alerts operators (audited)',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      onlyFlags(flags, ['mode']);
      if (words.length !== 1) throw new UsageError('usage: insurance:floor <amount> [--mode real|demo]');
      const floor = words[0] === '0' ? '0' : amountOf(words[0]);
      const mode = modeOf(flags.mode);
      const before = await floorOf(tx!, mode);
      await tx!.query(
        'INSERT INTO insurance_floors (mode, floor, updated_at) VALUES ($1, $2, $3) ON CONFLICT (mode) DO UPDATE SET floor = $2, updated_at = $3',
        [mode, floor, context.clock?.() ?? new Date()],
      );
      context.print(`Insurance fund floor (${mode}): ${before} → ${floor} USDT`);
      return { target: `insurance:${mode}`, detail: { floor, before } };
    },
  },
  {
    name: 'insurance:status',
    usage: 'insurance:status [real|demo]',
    summary: 'The insurance fund: balance, alert floor and the latest alerts',
    changes: false,
    async run(args, _db, context) {
      const store = await context.db();
      const mode = modeOf(args[0]);
      const [balance, floor] = [await fundBalance(store, mode), await floorOf(store, mode)];
      context.print(`Insurance fund (${mode}): ${balance} USDT, floor ${floor} USDT${new Dec(balance).lt(floor) ? '  BELOW THE FLOOR' : ''}`);
      const { rows } = await store.query<{ at: Date; balance: string; floor: string; positionId: string | null }>(
        `SELECT created_at AS at, trim_scale(balance)::text AS balance, trim_scale(floor)::text AS floor, position_id::text AS "positionId"
           FROM insurance_alerts WHERE mode = $1 ORDER BY id DESC LIMIT 20`,
        [mode],
      );
      if (!rows.length) context.print('No alert.');
      for (const row of rows) context.print(`  alert ${row.at.toISOString()}  balance ${row.balance} < floor ${row.floor}  (liquidation of position ${row.positionId ?? '-'})`);
    },
  },
];
