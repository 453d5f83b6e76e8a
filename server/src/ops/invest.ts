import { Dec } from '../modules/ledger/decimal.js';
import { catalogue } from '../modules/smart-pool/catalogue.js';
import { checkSmartPoolTerms, SEED_MINERS, SMART_POOL_KIND, type SmartPoolTerms } from '../modules/smart-pool/terms.js';
import { checkFinancingTerms, FINANCING_KIND, SEED_FINANCING, type FinancingTerms } from '../modules/financing/terms.js';
import { currentTerms, publishTerms } from '../platform-kit/product/terms.js';
import type { Db } from '../db/db.js';
import type { Command, CommandContext } from './commands.js';
import { parseFlags } from './loans.js';
import { UsageError } from './usage-error.js';

const at = (context: CommandContext) => context.clock?.() ?? new Date();
const ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

function onOff(value: string | undefined, base: boolean): boolean {
  if (value === undefined) return base;
  if (value === 'yes' || value === 'no') return value === 'yes';
  throw new UsageError('--active: yes or no');
}

const int = (value: string | undefined, base: number) => (value === undefined ? base : /^[0-9]{1,6}$/.test(value) ? Number(value) : NaN);
const dec = (value: string | undefined, base: string) => {
  if (value === undefined) return base;
  try {
    return new Dec(value).toFixed();
  } catch {
    return value;
  }
};

function unknownFlags(flags: Record<string, string>, allowed: string[]) {
  const unknown = Object.keys(flags).filter((f) => !allowed.includes(f));
  if (unknown.length) throw new UsageError(`Unknown option(s): ${unknown.map((f) => `--${f}`).join(' ')}; use ${allowed.map((f) => `--${f}`).join(' ')}`);
}

/** Publishes the next terms version of a product: the current one changed by the flags (a new id starts from the base). */
async function publish<T extends object>(tx: Db, context: CommandContext, kind: string, id: string, next: (base: T | undefined) => T, check: (t: T) => string[]) {
  const now = at(context);
  const current = await currentTerms<T>(tx, kind, id);
  const terms = next(current?.terms);
  const problems = check(terms);
  if (problems.length) throw new UsageError(`Invalid terms:\n  ${problems.join('\n  ')}`);
  const version = await publishTerms(tx, { productKind: kind, productId: id, terms, operator: context.operator, now });
  context.print(`${kind} ${id}: version ${version.version} published; purchases from now on get it, earlier ones keep theirs`);
  return { target: `${kind}:${id}`, detail: { version: version.version, terms } };
}

const MINER_FLAGS = ['name', 'level', 'days', 'rate', 'min', 'max', 'rebates', 'hour', 'zone', 'penalty', 'active'];
const MINER_USAGE = 'smart-pool:publish <miner> [--name N] [--level 1] [--days 7] [--rate 0.005] [--min 20] [--max 10000] [--rebates 0.1,0.05,0.02] [--hour 4] [--zone UTC] [--penalty 0.05|none] [--active yes|no]';
const FIN_FLAGS = ['name', 'rate', 'days', 'min', 'max', 'active'];
const FIN_USAGE = 'financing:publish <product> [--name N] [--rate 0.06] [--days 30] [--min 20] [--max 100000] [--active yes|no]';

/**
 * Operator commands of the smart pool and wealth financing: list the products and publish a new terms version
 * (audited; versions are append-only and only reach later purchases). No command sets an income, a rebate, a
 * balance or an order's figures: those follow from the frozen terms, paid by the product.payouts job.
 */
export const INVEST_COMMANDS: Command[] = [
  {
    name: 'smart-pool:miners',
    usage: 'smart-pool:miners',
    summary: 'The smart-pool miners and their current terms',
    changes: false,
    async run(_args, db, context) {
      for (const v of await catalogue<SmartPoolTerms>(db!, SMART_POOL_KIND, at(context))) {
        const t = v.terms;
        context.print([v.productId, `v${v.version}`, t.active ? 'active' : 'paused', `"${t.name}"`, `level ${t.level}`, `${t.cycleDays} days`, `${t.dailyRate}/day`,
          `${t.minAmount}-${t.maxAmount} ${t.asset}`, `rebates ${t.rebateRates.join('/')}`, `${t.payoutHour}:00 ${t.timeZone}`, `early-redeem penalty ${t.earlyRedeemPenaltyRate ?? 'none'}`].join('  '));
      }
    },
  },
  {
    name: 'smart-pool:publish',
    usage: MINER_USAGE,
    summary: 'Publish the next terms version of a miner (later purchases only)',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      const [id] = words;
      if (!id || words.length > 1 || !ID.test(id)) throw new UsageError(`usage: ${MINER_USAGE}`);
      unknownFlags(flags, MINER_FLAGS);
      return publish<SmartPoolTerms>(tx!, context, SMART_POOL_KIND, id, (base = { ...SEED_MINERS[0]!.terms, name: id }) => ({
        ...base,
        name: flags.name?.trim() ?? base.name,
        level: int(flags.level, base.level),
        cycleDays: int(flags.days, base.cycleDays),
        dailyRate: dec(flags.rate, base.dailyRate),
        minAmount: dec(flags.min, base.minAmount),
        maxAmount: dec(flags.max, base.maxAmount),
        rebateRates: flags.rebates ? (flags.rebates.split(',').map((r) => dec(r.trim(), r)) as [string, string, string]) : base.rebateRates,
        payoutHour: int(flags.hour, base.payoutHour),
        timeZone: flags.zone ?? base.timeZone,
        // the early-redemption penalty rate ("none": not redeemable before the end of the term)
        earlyRedeemPenaltyRate: flags.penalty === 'none' ? null : flags.penalty !== undefined ? dec(flags.penalty, flags.penalty) : (base.earlyRedeemPenaltyRate ?? null),
        active: onOff(flags.active, base.active),
      }), checkSmartPoolTerms);
    },
  },
  {
    name: 'financing:products',
    usage: 'financing:products',
    summary: 'The wealth-financing products and their current terms',
    changes: false,
    async run(_args, db, context) {
      for (const v of await catalogue<FinancingTerms>(db!, FINANCING_KIND, at(context))) {
        const t = v.terms;
        context.print([v.productId, `v${v.version}`, t.active ? 'active' : 'paused', `"${t.name}"`, `${t.annualRate}/year`, `${t.durationDays} days`,
          `${t.minAmount}-${t.maxAmount} ${t.asset}`].join('  '));
      }
    },
  },
  {
    name: 'financing:publish',
    usage: FIN_USAGE,
    summary: 'Publish the next terms version of a financing product (later subscriptions only)',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      const [id] = words;
      if (!id || words.length > 1 || !ID.test(id)) throw new UsageError(`usage: ${FIN_USAGE}`);
      unknownFlags(flags, FIN_FLAGS);
      return publish<FinancingTerms>(tx!, context, FINANCING_KIND, id, (base = { ...SEED_FINANCING[0]!.terms, name: id }) => ({
        ...base,
        name: flags.name?.trim() ?? base.name,
        annualRate: dec(flags.rate, base.annualRate),
        durationDays: int(flags.days, base.durationDays),
        minAmount: dec(flags.min, base.minAmount),
        maxAmount: dec(flags.max, base.maxAmount),
        active: onOff(flags.active, base.active),
      }), checkFinancingTerms);
    },
  },
];
