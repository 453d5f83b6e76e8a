import { changeInstrumentTerms, loadInstrumentTerms, type InstrumentTerms, type MaintenanceTier, type TermsChange } from '../modules/trading/instruments.js';
import { verifyReceipts } from '../modules/trading/receipts.js';
import type { Command, CommandContext } from './commands.js';
import { parseFlags } from './loans.js';
import { UsageError } from './usage-error.js';

const now = (context: CommandContext) => context.clock?.() ?? new Date();

const termsLine = (t: InstrumentTerms) =>
  [t.symbol, `v${t.version}`, `spot:${t.spotEnabled ? 'on' : 'off'}`, `perp:${t.perpetualEnabled ? 'on' : 'off'}`, `qty ${t.minQuantity}-${t.maxQuantity}`,
    `maker ${t.makerFeeRate}`, `taker ${t.takerFeeRate}`, `lev ${t.leverages.join(',')}`,
    `mm ${t.maintenanceTiers.map((tier) => `${tier.maxNotional ?? '∞'}:${tier.rate}`).join(',')}`, t.fundingCap === null ? `funding ${t.fundingRate}/${t.fundingIntervalHours}h` : `funding formula I ${t.fundingInterestRate} c ${t.fundingClamp} cap ±${t.fundingCap}/${t.fundingIntervalHours}h`].join('  ');

const SET_FLAGS = ['maker', 'taker', 'min', 'max', 'leverages', 'tiers', 'funding-rate', 'funding-interest', 'funding-cap', 'funding-hours', 'spot', 'perp'];

function onOff(flag: string, value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`--${flag} is on or off`);
}

/** "--maker 0.001 --tiers 50000:0.004,:0.025 …" → the change (validated by changeInstrumentTerms). */
export function termsChangeOf(flags: Record<string, string>): TermsChange {
  const unknown = Object.keys(flags).filter((flag) => !SET_FLAGS.includes(flag));
  if (unknown.length) throw new UsageError(`Unknown option(s): ${unknown.map((f) => `--${f}`).join(' ')}; use ${SET_FLAGS.map((f) => `--${f}`).join(' ')}`);
  const change: TermsChange = {};
  if (flags.maker !== undefined) change.makerFeeRate = flags.maker;
  if (flags.taker !== undefined) change.takerFeeRate = flags.taker;
  if (flags.min !== undefined) change.minQuantity = flags.min;
  if (flags.max !== undefined) change.maxQuantity = flags.max;
  if (flags.leverages !== undefined) change.leverages = flags.leverages.split(',').map((l) => Number(l.trim()));
  if (flags.tiers !== undefined) {
    change.maintenanceTiers = flags.tiers.split(',').map((tier): MaintenanceTier => {
      const [bound = '', rate = ''] = tier.split(':');
      return { maxNotional: bound.trim() === '' ? null : bound.trim(), rate: rate.trim() };
    });
  }
  if (flags['funding-rate'] !== undefined) change.fundingRate = flags['funding-rate'];
  if (flags['funding-interest'] !== undefined) change.fundingInterestRate = flags['funding-interest'];
  if (flags['funding-cap'] !== undefined) change.fundingCap = flags['funding-cap'];
  if (flags['funding-hours'] !== undefined) change.fundingIntervalHours = Number(flags['funding-hours']);
  if (flags.spot !== undefined) change.spotEnabled = onOff('spot', flags.spot);
  if (flags.perp !== undefined) change.perpetualEnabled = onOff('perp', flags.perp);
  if (!Object.keys(change).length) throw new UsageError(`say what changes: ${SET_FLAGS.map((f) => `--${f}`).join(' ')}`);
  return change;
}

/**
 * Operator commands of the trading engine. Instrument terms change for future orders only (each order copies the
 * terms it uses); the receipt chain is verified. No command can change an order, a fill price or a balance.
 */
export const TRADING_COMMANDS: Command[] = [
  {
    name: 'trading:instruments',
    usage: 'trading:instruments',
    summary: 'List the instruments with their current trading terms',
    changes: false,
    async run(_args, _db, context) {
      const all = await loadInstrumentTerms(await context.db());
      if (!all.length) context.print('No instrument has trading terms yet (they are seeded when the server first starts).');
      for (const terms of all) context.print(termsLine(terms));
    },
  },
  {
    name: 'trading:instrument-set',
    usage: 'trading:instrument-set <symbol> [--maker --taker --min --max --leverages 1,2,5 --tiers 50000:0.004,:0.025 --funding-interest --funding-cap --funding-rate --funding-hours --spot on|off --perp on|off]',
    summary: 'Change an instrument’s terms for future orders (open orders and positions keep theirs). Crypto funding follows the published formula F = P + clamp(I − P, ±c) bounded to ±cap: --funding-cap bounds it and --funding-interest sets I (|I| ≤ c) for positions opened after the change; the rate itself cannot be set. --funding-rate is forex financing only',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      if (!words[0]) throw new UsageError('name a symbol (see trading:instruments)');
      const change = termsChangeOf(flags);
      let result;
      try {
        result = await changeInstrumentTerms(tx!, words[0], change, context.operator, now(context));
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      context.print(`${result.after.symbol} now at version ${result.after.version}:`);
      context.print(termsLine(result.after));
      return { target: `instrument:${result.after.symbol}`, detail: { before: result.before, after: result.after } };
    },
  },
  {
    name: 'receipts:verify',
    usage: 'receipts:verify',
    summary: 'Recompute the receipt hash chains (each symbol\'s and the venue\'s) and check every anchor of a symbol chain',
    changes: false,
    async run(_args, _db, context) {
      const report = await verifyReceipts(await context.db());
      if (report.ok) {
        context.print(`Receipts OK: ${report.receipts} receipts, every hash recomputed and linked to the one before in its chain; every anchor names its chains' links.`);
        return;
      }
      for (const problem of report.problems) context.print(`PROBLEM: ${problem}`);
      throw new UsageError(`Receipt chain verification failed: ${report.problems.length} problem(s)`);
    },
  },
];
