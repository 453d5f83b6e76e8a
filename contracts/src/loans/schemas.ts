import { Type } from 'typebox';
import { DateTime, Decimal, Nullable, Page, PageQuery, RequestId } from '../kit/schema.js';
import { IdInput } from '../withdrawals/schemas.js';
import { refuses } from '../refusals.js';

export const LoanStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('partial'),
  Type.Literal('settled'),
]);

/** A row id in a query string. */
const IdQuery = Type.String({ pattern: '^[0-9]{1,18}$' });

export const LoanProduct = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  asset: Type.String(),
  minAmount: Type.String(),
  maxAmount: Type.String(),
  termDays: Type.Integer(),
  /** A daily fraction: "0.001" is 0.1 % a day. */
  dailyRate: Type.String(),
  /** The daily rate after the payment date. */
  lateDailyRate: Type.String(),
  repaymentMethod: Type.String(),
  /** The English text of the method. */
  repaymentMethodText: Type.String(),
  /** Interest of the whole term per 100 of principal. */
  termInterestPer100: Type.String(),
});

/** The loan rules as fields (what the server enforces) and as English sections of text. */
export const LoanRules = Type.Object({
  type: Type.String(),
  title: Type.String(),
  asset: Type.String(),
  kycRequired: Type.Boolean(),
  realAccountOnly: Type.Boolean(),
  minPhotos: Type.Integer(),
  maxPhotos: Type.Integer(),
  minAmount: Type.String(),
  maxAmount: Type.String(),
  maxOpenLoans: Type.Integer(),
  interest: Type.String(),
  repaymentMethod: Type.String(),
  sections: Type.Array(Type.Object({ title: Type.String(), body: Type.String() })),
});

export const Loan = Type.Object({
  id: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  asset: Type.String(),
  amount: Type.String(),
  /** The period: the term in days and the daily rates, frozen when applying. */
  termDays: Type.Integer(),
  dailyRate: Type.String(),
  lateDailyRate: Type.String(),
  repaymentMethod: Type.String(),
  status: LoanStatus,
  /** The English status text. */
  statusText: Type.String(),
  /** The rejection reason ('' otherwise). */
  reason: Type.String(),
  photos: Type.Array(Type.String()),
  appliedAt: DateTime,
  approvedAt: Nullable(DateTime),
  /** The payment date: when the term ends and the late rate starts. */
  dueAt: Nullable(DateTime),
  rejectedAt: Nullable(DateTime),
  settledAt: Nullable(DateTime),
  /** Interest of the full term if repaid at maturity (what the applicant was shown). */
  termInterest: Type.String(),
  /** Interest paid plus interest owed now. */
  interest: Type.String(),
  principalDue: Type.String(),
  interestDue: Type.String(),
  /** What settles the loan now. */
  amountToPay: Type.String(),
  principalPaid: Type.String(),
  interestPaid: Type.String(),
  /** Interest days charged so far (0 until approved). */
  days: Type.Integer(),
  overdue: Type.Boolean(),
});

export const LoanPayment = Type.Object({
  id: Type.String(),
  loanId: Type.String(),
  productName: Type.String(),
  asset: Type.String(),
  amount: Type.String(),
  principal: Type.String(),
  interest: Type.String(),
  createdAt: DateTime,
});

/** How a payment of `amount` would be split, at this moment. */
export const RepayEstimate = Type.Object({
  loanId: Type.String(),
  asset: Type.String(),
  days: Type.Integer(),
  overdue: Type.Boolean(),
  principalDue: Type.String(),
  interestDue: Type.String(),
  amountToPay: Type.String(),
  amount: Type.String(),
  interest: Type.String(),
  principal: Type.String(),
  principalDueAfter: Type.String(),
  interestDueAfter: Type.String(),
  settles: Type.Boolean(),
  /** The platform wallet's available balance of the loan's asset. */
  available: Type.String(),
  estimatedAt: DateTime,
});

/** What settles every open loan now, and whether the platform wallet covers it. */
export const RepayAllEstimate = Type.Object({
  asset: Type.String(),
  count: Type.Integer(),
  principalDue: Type.String(),
  interestDue: Type.String(),
  amountToPay: Type.String(),
  available: Type.String(),
  enough: Type.Boolean(),
  loans: Type.Array(
    Type.Object({
      loanId: Type.String(),
      productName: Type.String(),
      days: Type.Integer(),
      overdue: Type.Boolean(),
      principalDue: Type.String(),
      interestDue: Type.String(),
      amountToPay: Type.String(),
    }),
  ),
  estimatedAt: DateTime,
});

/** Loans under /asset/api: real accounts with a verified KYC borrow; repayments come from the platform wallet. */
export const loanSchemas = {
  products: { refusals: refuses(), data: Type.Array(LoanProduct), summary: 'The active loan products with their terms (public)' },
  rules: {
    refusals: refuses('notFound'),
    query: Type.Object({ type: Type.Optional(Type.String({ maxLength: 32 })) }),
    data: LoanRules,
    summary: 'The loan rules (type=loan, the default), built from the live products and settings (public)',
  },
  apply: {
    refusals: refuses('loanRealOnly', 'kycLoan', 'loanProductUnavailable', 'invalidAmount', 'loanBelowMinimum', 'loanAboveMaximum', 'loanPhotos', 'loanTooManyPhotos', 'invalidImage', 'loanTooManyOpen', 'requestIdReused'),
    body: Type.Object(
      {
        productId: IdInput,
        amount: Decimal(),
        // Twice the 9 allowed: the count rules are checked by the service so the user gets the spec's message.
        photos: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 18 }),
        requestId: Type.Optional(RequestId),
      },
      { additionalProperties: false },
    ),
    data: Loan,
    summary: 'Apply for a loan: pending until an operator decides',
  },
  list: {
    refusals: refuses(),
    query: PageQuery({
      // 'open': every loan still owing (approved or partial); '' every loan
      status: Type.Optional(Type.Union([Type.Literal(''), LoanStatus, Type.Literal('open')])),
    }),
    data: Page(Loan),
    summary: 'The user’s loans, newest first',
  },
  detail: { refusals: refuses('loanNotFound'), query: Type.Object({ id: IdQuery }), data: Loan, summary: 'One of the user’s loans' },
  estimateOne: {
    refusals: refuses('loanNotFound', 'loanNotOpen', 'invalidAmount', 'loanAboveOwed'),
    body: Type.Object({ loanId: IdInput, amount: Type.Optional(Decimal()) }, { additionalProperties: false }),
    data: RepayEstimate,
    summary: 'How a repayment of amount (default: everything owed) would be split, now',
  },
  estimateAll: { refusals: refuses(), data: RepayAllEstimate, summary: 'What settles every open loan now' },
  payOne: {
    refusals: refuses('loanRealOnly', 'loanNotFound', 'loanNotOpen', 'invalidAmount', 'loanAboveOwed', 'insufficientBalance', 'requestIdReused'),
    body: Type.Object({ loanId: IdInput, amount: Decimal(), requestId: RequestId }, { additionalProperties: false }),
    data: Type.Object({ payment: LoanPayment, loan: Loan }),
    summary: 'Repay part or all of one loan from the platform wallet',
  },
  payAll: {
    refusals: refuses('loanRealOnly', 'loanNothingToRepay', 'insufficientBalance', 'requestIdReused'),
    body: Type.Object({ requestId: RequestId }, { additionalProperties: false }),
    data: Type.Object({
      asset: Type.String(),
      total: Type.String(),
      principal: Type.String(),
      interest: Type.String(),
      payments: Type.Array(LoanPayment),
      loans: Type.Array(Loan),
    }),
    summary: 'Settle every open loan at once, or none when the balance does not cover them all',
  },
  paidHistory: {
    refusals: refuses(),
    query: PageQuery({ loanId: Type.Optional(IdQuery) }),
    data: Page(LoanPayment),
    summary: 'Repayments, newest first, of every loan or one',
  },
};
