import { createForm, type DepthLevel } from '@meridian/shared';
import type { PerpSettings, Position } from '../../api/trading';
import type { Key } from '../../i18n';
import { fundsProblem, type OrderSide } from '../trade/rules';
import { forexReceipt, forexTpSlProblems, lotsProblem, type ForexConfig, type ForexReceipt } from './forexOrder';

export interface ForexValues {
  side: OrderSide;
  lots: string;
  leverage: number;
  tpSlOn: boolean;
  takeProfit: string;
  stopLoss: string;
}

/** What the forex form knows besides its entries: the pair, its live quote and book, the balance, the order type. */
export interface ForexEnv {
  config: ForexConfig;
  sides: { bid: string; ask: string; last: string } | null;
  settings: PerpSettings | null;
  available: string | undefined;
  book: { bids: readonly DepthLevel[]; asks: readonly DepthLevel[] } | null;
  /** The open positions, each with the conversion rate it was opened at. */
  positions: readonly (Position & { quoteRate?: string })[];
  /** The order type's price a conditional order's margin is held at (none: a market order now), and its own problem. */
  type: { basis: string | null; problem: Key | null };
}

const reference = (values: ForexValues, { type, sides }: ForexEnv) => type.basis ?? (sides ? (values.side === 'buy' ? sides.ask : sides.bid) : null);

const receiptOf = (values: ForexValues, env: ForexEnv): ForexReceipt | null =>
  !lotsProblem(values.lots, env.config) && env.sides && env.settings && env.available !== undefined
    ? forexReceipt({
        side: values.side,
        lots: values.lots,
        leverage: values.leverage,
        price: env.type.basis,
        quote: env.sides,
        book: env.book,
        config: env.config,
        settings: env.settings,
        available: env.available,
        positions: env.positions,
      })
    : null;

/**
 * The forex order in lots (the perpetual form's rules with the pair's lot terms): the lots, then the margin against
 * the balance; TP/SL on entry against the side's fill price; the order type's own problem under `form` (its fields
 * show it). The summary is the pre-trade receipt. Problems show once the user tried to send: the screen edits with
 * `patch`, as the spot and perpetual form does.
 */
export const forexForm = createForm<ForexValues, ForexEnv, ForexReceipt | null, Key>({
  initial: { side: 'buy', lots: '', leverage: 1, tpSlOn: false, takeProfit: '', stopLoss: '' },
  rules: (values, env) => {
    const receipt = receiptOf(values, env);
    const funds = receipt && env.available !== undefined ? fundsProblem(receipt.cost, env.available, 'margin') : null;
    const tpsl = values.tpSlOn ? forexTpSlProblems(values.side, values.takeProfit, values.stopLoss, reference(values, env), env.config.priceDecimals) : { takeProfit: null, stopLoss: null };
    return { lots: lotsProblem(values.lots, env.config) ?? funds, takeProfit: tpsl.takeProfit, stopLoss: tpsl.stopLoss, form: env.type.problem };
  },
  summary: receiptOf,
});
