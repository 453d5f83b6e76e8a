// Loan answers of the server for the loan screens' tests (the shapes of server/src/modules/loans).
import type { Loan, LoanProduct, LoanRules, RepayAllEstimate } from '../../api/loan';

export const PRODUCTS: LoanProduct[] = [
  {
    id: '1',
    code: 'starter-7',
    name: 'Starter loan · 7 days',
    asset: 'USDT',
    minAmount: '20',
    maxAmount: '1000',
    termDays: 7,
    dailyRate: '0.001',
    lateDailyRate: '0.002',
    repaymentMethod: 'maturity',
    repaymentMethodText: 'Principal and interest at maturity',
    termInterestPer100: '0.7',
  },
  {
    id: '2',
    code: 'standard-30',
    name: 'Standard loan · 30 days',
    asset: 'USDT',
    minAmount: '100',
    maxAmount: '10000',
    termDays: 30,
    dailyRate: '0.0008',
    lateDailyRate: '0.0016',
    repaymentMethod: 'maturity',
    repaymentMethodText: 'Principal and interest at maturity',
    termInterestPer100: '2.4',
  },
];

export const RULES: LoanRules = {
  type: 'loan',
  title: 'Loan rules',
  asset: 'USDT',
  kycRequired: true,
  realAccountOnly: true,
  minPhotos: 3,
  maxPhotos: 9,
  minAmount: '20',
  maxAmount: '50000',
  maxOpenLoans: 3,
  interest: 'daily',
  repaymentMethod: 'maturity',
  sections: [{ title: 'Who can borrow', body: 'English only' }],
};

export function loan(overrides: Partial<Loan>): Loan {
  return {
    id: '11',
    productId: '1',
    productName: 'Starter loan · 7 days',
    asset: 'USDT',
    amount: '500',
    termDays: 7,
    dailyRate: '0.001',
    lateDailyRate: '0.002',
    repaymentMethod: 'maturity',
    status: 'pending',
    statusText: 'Waiting for approval',
    reason: '',
    photos: [],
    appliedAt: '2026-03-01T08:00:00.000Z',
    approvedAt: null,
    dueAt: null,
    rejectedAt: null,
    settledAt: null,
    termInterest: '3.5',
    interest: '0',
    principalDue: '500',
    interestDue: '0',
    amountToPay: '0',
    principalPaid: '0',
    interestPaid: '0',
    days: 0,
    overdue: false,
    ...overrides,
  };
}

export const APPROVED = loan({
  id: '12',
  status: 'approved',
  statusText: 'Approved',
  approvedAt: '2026-03-01T09:00:00.000Z',
  dueAt: '2026-03-08T09:00:00.000Z',
  interest: '1',
  interestDue: '1',
  amountToPay: '501',
  days: 2,
});
export const PARTIAL = loan({ id: '13', status: 'partial', statusText: 'Settled 1 part', approvedAt: '2026-02-01T09:00:00.000Z', dueAt: '2026-02-08T09:00:00.000Z', principalDue: '300', interestDue: '0.3', amountToPay: '300.3', principalPaid: '200', interestPaid: '1.5' });
export const REJECTED = loan({ id: '14', status: 'rejected', statusText: 'Rejected', reason: 'Documents unreadable', rejectedAt: '2026-03-02T09:00:00.000Z' });
export const PENDING = loan({ id: '11' });

export const ALL_ENOUGH: RepayAllEstimate = {
  asset: 'USDT',
  count: 2,
  principalDue: '800',
  interestDue: '1.3',
  amountToPay: '801.3',
  available: '2000',
  enough: true,
  loans: [],
  estimatedAt: '2026-03-03T10:00:00.000Z',
};
