import { breakEvenWinRate, durationLabel } from '@meridian/contracts';
import { Dec } from '../modules/ledger/decimal.js';
import type { Mode } from '../modules/ledger/ledger.js';
import { normalise } from '../modules/market/symbols.js';
import { listProducts, setProduct, type ProductChange, type SecondsProduct } from '../modules/seconds/products.js';
import { STILL_OPEN } from '../modules/seconds/state.js';
import type { Command } from './commands.js';
import { parseFlags } from './loans.js';
import { UsageError } from './usage-error.js';

/** The only terms an operator sets: what future purchases pay and accept. Nothing names a contract, a price or an outcome. */
export const PRODUCT_SET_FLAGS = ['ratio', 'min', 'max', 'enabled'] as const;

const label = (seconds: number) => {
  const { value, unit } = durationLabel(seconds);
  return `${value} ${unit}`;
};

const productLine = (p: SecondsProduct) =>
  [p.id, p.symbol, label(p.durationSeconds).padEnd(8), `ratio ${p.payoutRatio}`, `break-even ${breakEvenWinRate(p.payoutRatio)}`,
    `stake ${p.minStake}-${p.maxStake} USDT`, p.enabled ? 'on' : 'off', `v${p.version}`].join('  ');

/** "--ratio 0.85 --min 10 --max 5000 --enabled off" → the change (validated by setProduct). */
export function productChangeOf(flags: Record<string, string>): ProductChange {
  const unknown = Object.keys(flags).filter((flag) => !(PRODUCT_SET_FLAGS as readonly string[]).includes(flag));
  if (unknown.length) throw new UsageError(`Unknown option(s): ${unknown.map((f) => `--${f}`).join(' ')}; use ${PRODUCT_SET_FLAGS.map((f) => `--${f}`).join(' ')}`);
  const change: ProductChange = {};
  if (flags.ratio !== undefined) change.payoutRatio = flags.ratio;
  if (flags.min !== undefined) change.minStake = flags.min;
  if (flags.max !== undefined) change.maxStake = flags.max;
  if (flags.enabled !== undefined) {
    if (flags.enabled !== 'on' && flags.enabled !== 'off') throw new UsageError('--enabled is on or off');
    change.enabled = flags.enabled === 'on';
  }
  if (!Object.keys(change).length) throw new UsageError(`say what changes: ${PRODUCT_SET_FLAGS.map((f) => `--${f}`).join(' ')}`);
  return change;
}

/**
 * Operator commands of seconds contracts. Products change for future purchases only (a contract copies its terms);
 * exposure is read. No command can open, settle or change a contract, a recorded tick or a balance.
 */
export const SECONDS_COMMANDS: Command[] = [
  {
    name: 'seconds:products',
    usage: 'seconds:products [symbol]',
    summary: 'List the seconds-contract products (durations, payout ratios, stake limits), disabled ones too',
    changes: false,
    async run(args, _db, context) {
      const products = await listProducts(await context.db(), { symbol: args[0] ? normalise(args[0]) : undefined });
      if (!products.length) context.print('No seconds-contract product yet (they are seeded when the server first starts).');
      for (const p of products) context.print(productLine(p));
    },
  },
  {
    name: 'seconds:product-set',
    usage: 'seconds:product-set <symbol> <duration seconds> [--ratio 0.85 --min 10 --max 10000 --enabled on|off]',
    summary: 'Create a product or change its terms for future purchases (contracts bought keep theirs)',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      const [symbolText, durationText] = words;
      if (!symbolText || !durationText || words.length > 2) throw new UsageError('usage: seconds:product-set <symbol> <duration seconds> [--ratio --min --max --enabled]');
      const duration = Number(durationText);
      if (!Number.isInteger(duration)) throw new UsageError('the duration is a whole number of seconds');
      const symbol = normalise(symbolText);
      const known = await tx!.query('SELECT 1 FROM market_instrument WHERE symbol = $1', [symbol]);
      if (!known.rows.length) throw new UsageError(`Unknown symbol: ${symbol}`);
      const change = productChangeOf(flags);
      let result;
      try {
        result = await setProduct(tx!, symbol, duration, change, context.clock?.() ?? new Date());
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      context.print(`${result.before ? 'Changed' : 'Created'} (future purchases only):`);
      context.print(productLine(result.after));
      return { target: `seconds-product:${result.after.id}`, detail: { before: result.before, after: result.after } };
    },
  },
  {
    name: 'seconds:exposure',
    usage: 'seconds:exposure [real|demo]',
    summary: 'Open seconds contracts per symbol: count, stakes up and down, and the most the platform could pay out',
    changes: false,
    async run(args, _db, { db, print }) {
      const mode: Mode = args[0] === 'demo' ? 'demo' : args[0] === undefined || args[0] === 'real' ? 'real' : (() => { throw new UsageError('mode is real or demo'); })();
      const { rows } = await (await db()).query<{ symbol: string; count: number; up: string; down: string; most: string; next: Date }>(
        `SELECT symbol, count(*)::int AS count, trim_scale(COALESCE(sum(stake) FILTER (WHERE direction = 'up'), 0))::text AS up,
                trim_scale(COALESCE(sum(stake) FILTER (WHERE direction = 'down'), 0))::text AS down,
                trim_scale(sum(stake * payout_ratio))::text AS most, min(expires_at) AS next
           FROM seconds_contracts WHERE ${STILL_OPEN} AND mode = $1 GROUP BY symbol ORDER BY symbol`,
        [mode],
      );
      let most = new Dec(0);
      for (const r of rows) {
        print(`${r.symbol}  ${r.count} open  up ${r.up}  down ${r.down}  most payable ${r.most} USDT  next expiry ${r.next.toISOString()}`);
        most = most.plus(r.most);
      }
      print(`${rows.reduce((sum, r) => sum + r.count, 0)} open contract(s) (${mode}); the most the platform could pay beyond the stakes: ${most.toFixed()} USDT`);
    },
  },
];
