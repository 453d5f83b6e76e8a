import { Dec } from '../modules/ledger/decimal.js';
import { available, parseAmount, PLATFORM, post, type Mode } from '../modules/ledger/ledger.js';
import type { Command } from './commands.js';
import { UsageError } from './usage-error.js';

const modeOf = (value: string | undefined): Mode => {
  if (value === undefined || value === 'real') return 'real';
  if (value === 'demo') return 'demo';
  throw new UsageError('mode is real or demo');
};

/**
 * Operator commands of perpetual contracts. They read positions and fund the insurance fund; none can change a
 * position, a fill price or a user's balance.
 */
export const PERPETUAL_COMMANDS: Command[] = [
  {
    name: 'perp:positions',
    usage: 'perp:positions [real|demo]',
    summary: 'Open perpetual positions and the exposure per symbol (long, short, net quantity and margin)',
    changes: false,
    async run(args, _db, { db, print }) {
      const store = await db();
      const mode = modeOf(args[0]);
      const { rows } = await store.query<{ id: string; userId: string; symbol: string; side: string; quantity: string; entry: string; leverage: number; margin: string; marginMode: string; liq: string | null }>(
        `SELECT id::text AS id, user_id::text AS "userId", symbol, side, trim_scale(quantity)::text AS quantity, trim_scale(entry_price)::text AS entry,
                leverage, trim_scale(margin)::text AS margin, margin_mode AS "marginMode", trim_scale(liquidation_price)::text AS liq
           FROM perp_positions WHERE status = 'open' AND mode = $1 ORDER BY symbol, id`,
        [mode],
      );
      const exposure = new Map<string, { long: InstanceType<typeof Dec>; short: InstanceType<typeof Dec>; margin: InstanceType<typeof Dec> }>();
      for (const row of rows) {
        print([row.id, `user ${row.userId}`, row.symbol, row.side, row.quantity, `@ ${row.entry}`, `${row.leverage}x`, row.marginMode, `margin ${row.margin}`, `liq ${row.liq ?? '-'}`].join('  '));
        const e = exposure.get(row.symbol) ?? { long: new Dec(0), short: new Dec(0), margin: new Dec(0) };
        if (row.side === 'long') e.long = e.long.plus(row.quantity);
        else e.short = e.short.plus(row.quantity);
        e.margin = e.margin.plus(row.margin);
        exposure.set(row.symbol, e);
      }
      print(`${rows.length} open position(s) (${mode}). Exposure per symbol:`);
      for (const [symbol, e] of exposure) {
        print(`  ${symbol}  long ${e.long.toFixed()}  short ${e.short.toFixed()}  net ${e.long.minus(e.short).toFixed()}  margin ${e.margin.toFixed()} USDT`);
      }
      const insurance = await available(store, { holder: PLATFORM, mode, wallet: 'insurance', asset: 'USDT' });
      print(`Insurance fund: ${insurance} USDT`);
    },
  },
  {
    name: 'perp:insurance-topup',
    usage: 'perp:insurance-topup <amount> <from: backoffice|fees> [real|demo]',
    summary: 'Move USDT from a platform account into the insurance fund (a ledger transfer, audited)',
    changes: true,
    async run(args, tx, context) {
      const [amountText, from, modeText] = args;
      if (!amountText || (from !== 'backoffice' && from !== 'fees')) throw new UsageError('usage: perp:insurance-topup <amount> <backoffice|fees> [real|demo]');
      let amount: string;
      try {
        amount = parseAmount(amountText).toFixed();
      } catch {
        throw new UsageError('the amount is a positive decimal');
      }
      const mode = modeOf(modeText);
      const now = context.clock?.() ?? new Date();
      const key = `insurance-topup:${context.operator}:${now.toISOString()}:${amount}:${from}:${mode}`;
      await post(tx!, {
        key,
        cause: { type: 'insurance-topup', id: context.operator },
        moves: [{ from: { holder: PLATFORM, mode, wallet: from, asset: 'USDT' }, to: { holder: PLATFORM, mode, wallet: 'insurance', asset: 'USDT' }, amount }],
      }, now);
      const balance = await available(tx!, { holder: PLATFORM, mode, wallet: 'insurance', asset: 'USDT' });
      context.print(`Insurance fund (${mode}): +${amount} USDT from ${from}, now ${balance} USDT`);
      return { target: `insurance:${mode}`, detail: { amount, from, balance } };
    },
  },
];
