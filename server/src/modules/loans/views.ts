import { Dec } from '../ledger/decimal.js';
import { findCurrency } from '../wallet/currencies.js';
import { OPEN_STATUSES, type LoanProduct, type LoanRow, type LoanStatus } from './storage.js';
import { accrue, termInterest, type Accrued } from './terms.js';

// What a loan and a product look like on the wire: the running figures at a moment, the spec's texts.

/** The spec's status texts; 'approved' (paid out, nothing repaid yet) has none there, see server/README.md. */
export const STATUS_TEXT: Record<LoanStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  partial: 'Settled 1 part',
  settled: 'Settled the loan',
};

export const REPAYMENT_METHOD_TEXT = {
  maturity: 'Principal and interest at maturity; repay early or in parts at any time, interest only for the days used',
} as const;

/** The row's fields the owner never sees: whose it is, the stored interest days (`days` is the running count), the reviewer. */
type Hidden = 'userId' | 'interestDays' | 'reviewedBy';

/**
 * A loan on the wire: its row (less what is hidden) with the running figures at a moment. Derived from LoanRow, so
 * a column added to the loan reaches the wire (or is hidden here) by one decision, not by editing two types.
 */
export type LoanView = Omit<LoanRow, Hidden> & {
  statusText: string;
  /** Interest of the full term if repaid at maturity (what the applicant was shown). */
  termInterest: string;
  /** Interest paid plus interest owed now. */
  interest: string;
  /** What settles the loan now (principal still owed + interest accrued to now, by day); principalDue and interestDue are also as of now. */
  amountToPay: string;
  /** Interest days charged so far (0 until approved). */
  days: number;
  overdue: boolean;
};

export const scaleOf = (asset: string) => findCurrency(asset).scale;
export const isOpen = (loan: LoanRow) => OPEN_STATUSES.includes(loan.status);

/** The running figures of a loan at `now` (all zero for an application that was never paid out). */
export function figures(loan: LoanRow, now: Date): Accrued {
  if (!isOpen(loan) || !loan.approvedAt) {
    return { days: loan.interestDays, added: '0', principalDue: loan.principalDue, interestDue: loan.interestDue, amountToPay: '0', overdue: false };
  }
  return accrue({ ...loan, approvedAt: loan.approvedAt }, now, scaleOf(loan.asset));
}

export function loanView(loan: LoanRow, now: Date): LoanView {
  const f = figures(loan, now);
  const { userId: _userId, interestDays: _interestDays, reviewedBy: _reviewedBy, ...visible } = loan;
  return {
    ...visible,
    statusText: STATUS_TEXT[loan.status],
    termInterest: termInterest(loan.amount, loan.dailyRate, loan.termDays, scaleOf(loan.asset)),
    interest: new Dec(loan.interestPaid).plus(f.interestDue).toFixed(),
    principalDue: f.principalDue,
    interestDue: f.interestDue,
    amountToPay: f.amountToPay,
    days: f.days,
    overdue: f.overdue,
  };
}

export function productView(product: LoanProduct) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, active: _active, termsVersionId: _version, ...visible } = product;
  return {
    ...visible,
    repaymentMethodText: REPAYMENT_METHOD_TEXT[product.repaymentMethod],
    /** Interest of the whole term per 100 of principal, for the product card. */
    termInterestPer100: termInterest('100', product.dailyRate, product.termDays, scaleOf(product.asset)),
  };
}
