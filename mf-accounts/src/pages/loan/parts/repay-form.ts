import { createForm } from '@meridian/shared';
import { parseAmount } from '@meridian/shared/money';
import { LOAN_SCALE } from './terms';

export interface RepayValues {
  amount: string;
}

/** What a repayment is checked against: what the loan owes now. */
export interface RepayContext {
  owed: string;
}

export type RepayProblem = 'required' | 'invalidAmount' | 'tooManyDecimals' | 'loanAboveOwed';

/**
 * One loan's repayment (spec: loans): a positive amount of at most the currency's decimals and at most what is
 * owed. The summary is the amount as sent (what the server's estimate is asked for, and kept against).
 */
export const repayForm = createForm<RepayValues, RepayContext, { amount: string }, RepayProblem>({
  initial: { amount: '' },
  rules: ({ amount }, { owed }) => {
    const parsed = parseAmount(amount);
    if (amount.trim() === '') return { amount: 'required' };
    if (!parsed || parsed.lte(0)) return { amount: 'invalidAmount' };
    if (parsed.decimalPlaces() > LOAN_SCALE) return { amount: 'tooManyDecimals' };
    return { amount: parsed.gt(owed) ? 'loanAboveOwed' : null };
  },
  summary: ({ amount }) => ({ amount: parseAmount(amount)?.toFixed() ?? '' }),
});
