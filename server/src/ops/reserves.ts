import { randomUUID } from 'node:crypto';
import { parseAmount, type Mode, type PlatformWallet } from '../modules/ledger/ledger.js';
import { FUNDING_SOURCES, fundReserve, PRODUCT_KEY, reserveStatuses, type ReserveStatus } from '../platform-kit/product/reserves.js';
import { parseFlags } from './loans.js';
import type { Command } from './commands.js';
import { UsageError } from './usage-error.js';

const FUND_FLAGS = ['asset', 'mode', 'from', 'request'];
const FUND_USAGE = 'reserve:fund <product> <amount> [--asset USDT] [--mode real|demo] [--from backoffice|fees|broker|demo] [--request <id>]';

const statusLine = (s: ReserveStatus) =>
  [s.product, s.mode, s.asset, `balance ${s.balance}`, `liability ${s.liability}`, `coverage ${s.coverageRatio ?? '-'}`].join('  ');

/**
 * Operator commands of the product kit's reserves. Funding is a ledger transfer from a platform account into the
 * product's reserve (audited by runCommand); no command sets a reserve's balance, a liability or a payout: the
 * liability is the schedule each sale wrote from its frozen terms, and payouts are paid by the product.payouts job.
 */
export const RESERVE_COMMANDS: Command[] = [
  {
    name: 'reserve:fund',
    usage: FUND_USAGE,
    summary: "Fund a product's reserve from a platform account (a ledger transfer; --request makes a retry a no-op)",
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      const [product, amount] = words;
      if (!product || !amount || words.length > 2) throw new UsageError(`usage: ${FUND_USAGE}`);
      const unknown = Object.keys(flags).filter((f) => !FUND_FLAGS.includes(f));
      if (unknown.length) throw new UsageError(`Unknown option(s): ${unknown.map((f) => `--${f}`).join(' ')}`);
      if (!PRODUCT_KEY.test(product)) throw new UsageError('product: 2-32 lower-case letters, digits or "-", starting with a letter');
      // one reserve per product kind: money put under any other name would back nothing (no sale checks it)
      const kinds = context.productKinds;
      if (kinds && !kinds.includes(product)) throw new UsageError(`product: one of the product kinds ${kinds.join(', ')} (each kind has one reserve backing all its products)`);
      const mode = (flags.mode ?? 'real') as Mode;
      if (mode !== 'real' && mode !== 'demo') throw new UsageError('--mode: real or demo');
      const from = (flags.from ?? (mode === 'demo' ? 'demo' : 'backoffice')) as PlatformWallet;
      if (!FUNDING_SOURCES.includes(from)) throw new UsageError(`--from: one of ${FUNDING_SOURCES.join(', ')}`);
      if ((from === 'demo') !== (mode === 'demo')) throw new UsageError('a demo reserve is funded from demo, a real one from a real platform account');
      const asset = (flags.asset ?? 'USDT').toUpperCase();
      let exact: string;
      try {
        exact = parseAmount(amount).toFixed();
      } catch {
        throw new UsageError('amount: a positive decimal');
      }
      const requestId = flags.request ?? randomUUID();
      const at = context.clock?.() ?? new Date();
      const { replayed } = await fundReserve(tx!, { product, mode, asset, amount: exact, from, operator: context.operator, now: at, requestId });
      const [status] = await reserveStatuses(tx!, product);
      context.print(`${replayed ? 'Already funded (same --request): ' : `Funded ${exact} ${asset} from ${from}: `}${statusLine(status!)}`);
      return { target: `reserve:${product}`, detail: { product, mode, asset, amount: exact, from, requestId, replayed } };
    },
  },
  {
    name: 'reserve:status',
    usage: 'reserve:status [product]',
    summary: 'The reserve of each product kind: balance, liability (payouts still owed) and coverage ratio',
    changes: false,
    async run(args, _db, context) {
      const statuses = await reserveStatuses(await context.db(), args[0]);
      const kinds = (context.productKinds ?? []).filter((kind) => !args[0] || kind === args[0]);
      // every product kind has its reserve, funded or not (a real one never funded shows as 0, sold out)
      for (const kind of kinds) {
        if (!statuses.some((s) => s.product === kind && s.mode === 'real')) statuses.push({ product: kind, mode: 'real', asset: 'USDT', balance: '0', liability: '0', coverageRatio: null });
      }
      statuses.sort((a, b) => a.product.localeCompare(b.product) || a.mode.localeCompare(b.mode) || a.asset.localeCompare(b.asset));
      if (!statuses.length) context.print(args[0] ? `No reserve or liability for "${args[0]}".` : 'No product reserve yet.');
      for (const status of statuses) {
        const stray = context.productKinds && !context.productKinds.includes(status.product);
        context.print(stray ? `${statusLine(status)}  (not a product kind: no sale checks it)` : statusLine(status));
      }
    },
  },
];
