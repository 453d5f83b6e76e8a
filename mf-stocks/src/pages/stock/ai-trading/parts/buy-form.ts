import Decimal from 'decimal.js';
import { createForm } from '@meridian/shared';
import { parseAmount } from '@meridian/shared/money';

export interface BuyValues {
  /** what the user types: a number of shares or a USDT amount */
  by: 'shares' | 'amount';
  shares: string;
  amount: string;
}

/** What the form is checked against: the fund's terms and its value now. */
export interface BuyContext {
  shareDecimals: number;
  minShares: string;
  valuePerShare: string | null;
}

export type BuyProblem = 'required' | 'invalidAmount' | 'tooManyDecimals' | 'belowMinimum';

/** What is confirmed: what is sent (shares or amount) and the estimate at the value shown. */
export interface BuySummary {
  send: { shares: string } | { amount: string } | null;
  shares: string;
  cost: string;
}

const estimate = ({ by, shares, amount }: BuyValues, { shareDecimals, valuePerShare }: BuyContext): { shares: Decimal; cost: Decimal } | null => {
  if (!valuePerShare) return null;
  const value = new Decimal(valuePerShare);
  if (by === 'shares') {
    const n = parseAmount(shares);
    return n ? { shares: n, cost: n.times(value) } : null;
  }
  const paid = parseAmount(amount);
  if (!paid) return null;
  // as the server does: the whole shares (to the fund's decimals) the amount pays for
  const n = paid.div(value).toDecimalPlaces(shareDecimals, Decimal.ROUND_DOWN);
  return { shares: n, cost: n.times(value) };
};

/**
 * An AI fund purchase (spec: AI fund; minimum share, shares to the fund's decimals): by shares or by a USDT amount.
 * The estimate is at the value per share shown; the server buys at the value it computes at that moment.
 */
export const buyForm = createForm<BuyValues, BuyContext, BuySummary, BuyProblem>({
  initial: { by: 'shares', shares: '', amount: '' },
  rules: (values, context) => {
    const field = values.by;
    const text = values[field];
    const parsed = parseAmount(text);
    if (text.trim() === '') return { [field]: 'required' };
    if (!parsed || parsed.lte(0)) return { [field]: 'invalidAmount' };
    if (field === 'shares' && parsed.decimalPlaces() > context.shareDecimals) return { shares: 'tooManyDecimals' };
    const est = estimate(values, context);
    if (est && est.shares.lt(context.minShares)) return { [field]: 'belowMinimum' };
    return {};
  },
  summary: (values, context) => {
    const est = estimate(values, context);
    const given = parseAmount(values[values.by]);
    return {
      send: given ? (values.by === 'shares' ? { shares: given.toFixed() } : { amount: given.toFixed() }) : null,
      shares: est?.shares.toFixed() ?? '',
      cost: est?.cost.toFixed() ?? '',
    };
  },
});
