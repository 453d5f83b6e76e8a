import { Dec } from '../modules/ledger/decimal.js';
import { available, parseAmount, PLATFORM } from '../modules/ledger/ledger.js';
import { fundInsurance, INSURANCE_COMMANDS, modeOf } from './insurance.js';
import type { Command } from './commands.js';
import { UsageError } from './usage-error.js';

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
    summary: 'The older form of insurance:fund (a ledger transfer into the insurance fund, audited)',
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
      return fundInsurance(tx!, context, { amount, from, mode: modeOf(modeText) });
    },
  },
  ...INSURANCE_COMMANDS,
];
