import type { Db } from '../db/db.js';
import { AppError } from '../http/envelope.js';
import { checkTerms, LOAN_ASSET } from '../modules/loans/products.js';
import { approveLoan, rejectLoan } from '../modules/loans/service.js';
import { findProduct, insertProduct, listProducts, pendingLoans, updateProduct, type LoanProduct, type ProductTerms } from '../modules/loans/storage.js';
import { Dec } from '../modules/ledger/decimal.js';
import type { Command, CommandContext } from './commands.js';
import { UsageError } from './usage-error.js';

const now = (context: CommandContext) => context.clock?.() ?? new Date();

/** "--min 20 --max 1000 rest" → flags and the remaining words. */
export function parseFlags(args: string[]): { words: string[]; flags: Record<string, string> } {
  const words: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const value = args[i + 1];
    if (value === undefined) throw new UsageError(`${arg} needs a value`);
    flags[arg.slice(2)] = value;
    i += 1;
  }
  return { words, flags };
}

const PRODUCT_FLAGS = ['name', 'min', 'max', 'days', 'rate', 'late-rate'];

function termsFrom(base: ProductTerms, flags: Record<string, string>): ProductTerms {
  const unknown = Object.keys(flags).filter((flag) => !PRODUCT_FLAGS.includes(flag));
  if (unknown.length) throw new UsageError(`Unknown option(s): ${unknown.map((f) => `--${f}`).join(' ')}; use ${PRODUCT_FLAGS.map((f) => `--${f}`).join(' ')}`);
  const terms: ProductTerms = {
    ...base,
    name: flags.name?.trim() ?? base.name,
    minAmount: flags.min ?? base.minAmount,
    maxAmount: flags.max ?? base.maxAmount,
    termDays: flags.days === undefined ? base.termDays : Number(flags.days),
    dailyRate: flags.rate ?? base.dailyRate,
    lateDailyRate: flags['late-rate'] ?? base.lateDailyRate,
  };
  const problems = checkTerms(terms);
  if (problems.length) throw new UsageError(`Invalid product terms:\n  ${problems.join('\n  ')}`);
  return { ...terms, minAmount: new Dec(terms.minAmount).toFixed(), maxAmount: new Dec(terms.maxAmount).toFixed(), dailyRate: new Dec(terms.dailyRate).toFixed(), lateDailyRate: new Dec(terms.lateDailyRate).toFixed() };
}

const productLine = (p: LoanProduct) =>
  [p.id, p.code, p.active ? 'active' : 'disabled', `"${p.name}"`, `${p.minAmount}-${p.maxAmount} ${p.asset}`, `${p.termDays} days`,
    `${p.dailyRate}/day`, `late ${p.lateDailyRate}/day`, p.repaymentMethod].join('  ');

const termsOf = (p: LoanProduct): ProductTerms => ({
  code: p.code, name: p.name, asset: p.asset, minAmount: p.minAmount, maxAmount: p.maxAmount, termDays: p.termDays,
  dailyRate: p.dailyRate, lateDailyRate: p.lateDailyRate, repaymentMethod: p.repaymentMethod,
});

async function productOrFail(db: Db, code: string | undefined): Promise<LoanProduct> {
  if (!code) throw new UsageError('name a product code (see loan:products)');
  const product = await findProduct(db, code);
  if (!product) throw new UsageError(`No loan product "${code}"`);
  return product;
}

/** The service refuses with the user-facing AppError; an operator gets it as a usage message. */
async function asUsage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Operator commands of loans (pnpm ops …). Operators decide applications and configure products; no command
 * sets a balance or a loan's figures: disbursement and repayment go through the ledger.
 */
export const LOAN_COMMANDS: Command[] = [
  {
    name: 'loan:pending',
    usage: 'loan:pending',
    summary: 'List loan applications waiting for approval, oldest first',
    changes: false,
    async run(_args, _db, context) {
      const pending = await pendingLoans(await context.db());
      if (!pending.length) context.print('No loan application is pending.');
      for (const loan of pending) {
        context.print(
          [loan.id, `user:${loan.userId}`, loan.appliedAt.toISOString(), `${loan.amount} ${loan.asset}`, `${loan.termDays} days`,
            `${loan.dailyRate}/day`, `"${loan.productName}"`, ...loan.photos].join('  '),
        );
      }
    },
  },
  {
    name: 'loan:approve',
    usage: 'loan:approve <loan>',
    summary: "Approve a pending loan: pays the amount into the user's platform wallet (once)",
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name a loan id (see loan:pending)');
      const loan = await asUsage(() => approveLoan(tx!, args[0]!, context.operator, now(context)));
      context.print(`Loan ${loan.id} of user ${loan.userId} approved: ${loan.amount} ${loan.asset} paid out, due ${loan.dueAt!.toISOString()}.`);
      return { target: `user:${loan.userId}`, detail: { loan: loan.id, amount: loan.amount, asset: loan.asset } };
    },
  },
  {
    name: 'loan:reject',
    usage: 'loan:reject <loan> <reason…>',
    summary: 'Reject a pending loan application; the user sees the reason',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name a loan id (see loan:pending)');
      const reason = args.slice(1).join(' ').trim();
      if (!reason) throw new UsageError('a rejection needs a reason');
      const loan = await asUsage(() => rejectLoan(tx!, args[0]!, reason, context.operator, now(context)));
      context.print(`Loan ${loan.id} of user ${loan.userId} rejected: ${reason}`);
      return { target: `user:${loan.userId}`, detail: { loan: loan.id, reason } };
    },
  },
  {
    name: 'loan:products',
    usage: 'loan:products',
    summary: 'List the loan products, disabled ones too',
    changes: false,
    async run(_args, _db, context) {
      const products = await listProducts(await context.db(), { activeOnly: false });
      if (!products.length) context.print('No loan product.');
      for (const product of products) context.print(productLine(product));
    },
  },
  {
    name: 'loan:product',
    usage: 'loan:product <create|set|disable|enable> <code> [--name --min --max --days --rate --late-rate]',
    summary: 'Configure a loan product (changes reach new applications only)',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      const [action, code] = words;
      const at = now(context);
      if (action === 'create') {
        if (!code) throw new UsageError('usage: loan:product create <code> --name <name> --min <amount> --max <amount> --days <n> --rate <daily> [--late-rate <daily>]');
        for (const flag of ['name', 'min', 'max', 'days', 'rate']) if (flags[flag] === undefined) throw new UsageError(`--${flag} is required`);
        // Unless told otherwise, a day past the term costs twice a day within it.
        const late = flags['late-rate'] ?? (/^[0-9.]+$/.test(flags.rate!) ? new Dec(flags.rate!).times(2).toFixed() : flags.rate!);
        const terms = termsFrom(
          { code, name: '', asset: LOAN_ASSET, minAmount: '', maxAmount: '', termDays: 0, dailyRate: '', lateDailyRate: late, repaymentMethod: 'maturity' },
          flags,
        );
        const created = await insertProduct(tx!, terms, at, context.operator);
        if (!created) throw new UsageError(`A loan product "${code}" exists already; use loan:product set`);
        context.print(`Created ${productLine(created)}`);
        return { target: `loan-product:${created.code}`, detail: { terms } };
      }
      if (action === 'set' || action === 'disable' || action === 'enable') {
        const product = await productOrFail(tx!, code);
        if (action !== 'set' && Object.keys(flags).length) throw new UsageError(`loan:product ${action} takes no options`);
        if (action === 'set' && !Object.keys(flags).length) throw new UsageError('loan:product set needs at least one option to change');
        const terms = action === 'set' ? termsFrom(termsOf(product), flags) : termsOf(product);
        const active = action === 'set' ? product.active : action === 'enable';
        const updated = await updateProduct(tx!, product.code, { ...terms, active }, at, context.operator);
        context.print(`${action === 'set' ? 'Changed' : action === 'enable' ? 'Enabled' : 'Disabled'} ${productLine(updated)}`);
        return { target: `loan-product:${product.code}`, detail: { before: { ...termsOf(product), active: product.active }, after: { ...terms, active } } };
      }
      throw new UsageError('usage: loan:product <create|set|disable|enable> <code> [options]');
    },
  },
];
