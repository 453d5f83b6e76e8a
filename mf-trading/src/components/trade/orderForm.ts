import { createForm } from '@meridian/shared';
import type { Key } from '../../i18n';
import type { AdvancedProblems } from './orderTypes';
import { orderBasis, orderProblems, orderReceipt, type OrderBasis, type OrderContext } from './orderFigures';
import type { Receipt } from './ReceiptSheet';
import type { OrderValues } from './rules';

/** What the order form knows besides its entries: the market, the quote, the book, the balance, the terms. */
export type OrderEnv = Omit<OrderContext, 'values'>;

/** What the user confirms: the prices and quantity the entries come to, the receipt, and the order types' conditions. */
export interface OrderSummary {
  basis: OrderBasis;
  receipt: Receipt | null;
  /** A stop's trigger and a trailing stop's callback (fields of the order types, not of these values). */
  conditions: AdvancedProblems;
}

export const FRESH_ORDER: OrderValues = { kind: 'limit', side: 'buy', price: '', size: '', sizeUnit: 'quantity', takeProfit: '', stopLoss: '' };

// the rules and the summary both need the basis and the receipt (walking the book): one check computes them once
let last: { values: OrderValues; env: OrderEnv; figures: OrderSummary & { problems: ReturnType<typeof orderProblems> } } | null = null;
function figuresOf(values: OrderValues, env: OrderEnv) {
  if (last && last.values === values && last.env === env) return last.figures;
  const ctx: OrderContext = { ...env, values };
  const basis = orderBasis(ctx);
  const receipt = orderReceipt(ctx, basis);
  const problems = orderProblems(ctx, basis, receipt);
  const figures = { basis, receipt, conditions: problems.conditions, problems };
  last = { values, env, figures };
  return figures;
}

/**
 * The spot and perpetual order form (orderFigures.ts holds its arithmetic): the spec's rules, the first failure of
 * each field (a condition's under `form`, shown by its own fields), and the receipt as its summary. Its problems
 * show once the user tried to send or picked a share of the balance (a submit), not as they type: the screen
 * edits with `patch`.
 */
export const orderForm = createForm<OrderValues, OrderEnv, OrderSummary, Key>({
  initial: FRESH_ORDER,
  rules: (values, env) => {
    const { problems } = figuresOf(values, env);
    return {
      price: problems.price,
      size: problems.size,
      takeProfit: problems.takeProfit,
      stopLoss: problems.stopLoss,
      form: problems.conditions.trigger ?? problems.conditions.callback,
    };
  },
  summary: (values, env) => {
    const { basis, receipt, conditions } = figuresOf(values, env);
    return { basis, receipt, conditions };
  },
});
