import { Dec } from '../ledger/decimal.js';

export const DAY_MS = 86_400_000;

/** The frozen terms and the running state of one approved loan (the columns the arithmetic needs). */
export interface LoanBalance {
  termDays: number;
  dailyRate: string;
  lateDailyRate: string;
  approvedAt: Date;
  principalDue: string;
  interestDue: string;
  /** Days of interest already added to interestDue. */
  interestDays: number;
}

export interface Accrued {
  /** Interest days charged up to now: every started day since approval, at least 1. */
  days: number;
  /** Interest added since the last repayment. */
  added: string;
  principalDue: string;
  interestDue: string;
  amountToPay: string;
  overdue: boolean;
}

/**
 * Days charged at a given time: the day of disbursement counts as day 1 and every started 24 h after it as one
 * more, so a loan repaid an hour after approval costs one day of interest and one repaid after 7 days and a
 * minute costs eight.
 */
export function chargedDays(approvedAt: Date, now: Date): number {
  const elapsed = now.getTime() - approvedAt.getTime();
  return Math.max(1, Math.ceil(elapsed / DAY_MS));
}

/**
 * The interest owed at `now`, by day, per the terms frozen in the loan: days within the term at dailyRate, days
 * past it at lateDailyRate, always on the principal still owed. Interest added is rounded half-up to the
 * asset's decimals once per accrual (each repayment writes its accrual, so later days start from what was paid).
 */
export function accrue(loan: LoanBalance, now: Date, scale: number): Accrued {
  const days = Math.max(chargedDays(loan.approvedAt, now), loan.interestDays);
  const principal = new Dec(loan.principalDue);
  const withinTerm = Math.max(0, Math.min(days, loan.termDays) - Math.min(loan.interestDays, loan.termDays));
  const late = Math.max(0, days - Math.max(loan.interestDays, loan.termDays));
  const added = principal.isZero()
    ? new Dec(0)
    : principal
        .times(new Dec(loan.dailyRate).times(withinTerm).plus(new Dec(loan.lateDailyRate).times(late)))
        .toDecimalPlaces(scale, Dec.ROUND_HALF_UP);
  const interest = new Dec(loan.interestDue).plus(added);
  return {
    days,
    added: added.toFixed(),
    principalDue: principal.toFixed(),
    interestDue: interest.toFixed(),
    amountToPay: principal.plus(interest).toFixed(),
    overdue: days > loan.termDays && principal.gt(0),
  };
}

export interface Allocation {
  amount: string;
  /** The part of the payment that pays interest (interest is always paid first). */
  interest: string;
  principal: string;
  principalDueAfter: string;
  interestDueAfter: string;
  settles: boolean;
}

/** How a payment is split: accrued interest first, then principal. The caller has checked amount ≤ amountToPay. */
export function allocate(accrued: Pick<Accrued, 'principalDue' | 'interestDue'>, amount: string): Allocation {
  const pay = new Dec(amount);
  const interestDue = new Dec(accrued.interestDue);
  const interest = Dec.min(pay, interestDue);
  const principal = pay.minus(interest);
  const principalDueAfter = new Dec(accrued.principalDue).minus(principal);
  const interestDueAfter = interestDue.minus(interest);
  return {
    amount: pay.toFixed(),
    interest: interest.toFixed(),
    principal: principal.toFixed(),
    principalDueAfter: principalDueAfter.toFixed(),
    interestDueAfter: interestDueAfter.toFixed(),
    settles: principalDueAfter.isZero() && interestDueAfter.isZero(),
  };
}

/** The interest of the whole term if repaid at maturity, shown before applying (amount × daily rate × days). */
export function termInterest(amount: string, dailyRate: string, termDays: number, scale: number): string {
  return new Dec(amount).times(dailyRate).times(termDays).toDecimalPlaces(scale, Dec.ROUND_HALF_UP).toFixed();
}
