import { request } from '@meridian/shared';

/**
 * Loans (server/src/modules/loans/routes.ts). Ids are strings, amounts decimal strings, times ISO. Loads are
 * silent (the screens show their own error state with a retry, and an estimate shows its refusal beside the
 * amount); applying and repaying are not, so a refusal is toasted by the shell's request conventions.
 */
export const LOAN_URLS = {
  products: '/asset/api/loan/productList',
  rules: '/asset/api/rule/get-rule',
  apply: '/asset/api/loan/createLoanProduct',
  list: '/asset/api/loan/userProductList',
  detail: '/asset/api/loan/detail',
  estimateOne: '/asset/api/loan/estimate-paid-loan',
  estimateAll: '/asset/api/loan/estimate-paid-loans',
  payOne: '/asset/api/loan/pay-one-application',
  payAll: '/asset/api/loan/pay-all-applications',
  paidHistory: '/asset/api/loan/paid-history',
} as const;

export interface LoanProduct {
  id: string;
  code: string;
  name: string;
  asset: string;
  minAmount: string;
  maxAmount: string;
  termDays: number;
  /** A daily fraction: "0.001" is 0.1 % a day. */
  dailyRate: string;
  /** The daily rate after the payment date. */
  lateDailyRate: string;
  repaymentMethod: string;
  /** The server's English text of the method (shown when this app has no translation for the method). */
  repaymentMethodText: string;
  /** Interest of the whole term per 100 of principal. */
  termInterestPer100: string;
}

/** rule/get-rule?type=loan: the rules as fields, so the screens show exactly what the server enforces. */
export interface LoanRules {
  title: string;
  asset: string;
  kycRequired: boolean;
  realAccountOnly: boolean;
  minPhotos: number;
  maxPhotos: number;
  minAmount: string;
  maxAmount: string;
  maxOpenLoans: number;
  interest: string;
  repaymentMethod: string;
  /** The server's English rule texts (this app shows its own translated texts built from the fields above). */
  sections: Array<{ title: string; body: string }>;
}

export const LOAN_STATUSES = ['pending', 'approved', 'rejected', 'partial', 'settled'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
/** The history's filters: one status, "open" (approved or partial: still owing), or '' for every loan. */
export type LoanFilter = LoanStatus | 'open' | '';

export interface Loan {
  id: string;
  productId: string;
  productName: string;
  asset: string;
  amount: string;
  termDays: number;
  dailyRate: string;
  lateDailyRate: string;
  repaymentMethod: string;
  status: LoanStatus;
  /** The server's English status text (used when the status is unknown to this app). */
  statusText: string;
  /** The rejection reason ('' otherwise). */
  reason: string;
  photos: string[];
  appliedAt: string;
  approvedAt: string | null;
  /** The payment date: when the term ends and the late rate starts. */
  dueAt: string | null;
  rejectedAt: string | null;
  settledAt: string | null;
  /** Interest of the full term if repaid at maturity (what the applicant was shown). */
  termInterest: string;
  /** Interest paid plus interest owed now. */
  interest: string;
  principalDue: string;
  interestDue: string;
  /** What settles the loan now. */
  amountToPay: string;
  principalPaid: string;
  interestPaid: string;
  days: number;
  overdue: boolean;
}

export interface PageOf<T> {
  total: number;
  page: number;
  size: number;
  list: T[];
}

/** estimate-paid-loan: how a payment of `amount` would be split, at this moment. */
export interface RepayEstimate {
  loanId: string;
  asset: string;
  days: number;
  overdue: boolean;
  principalDue: string;
  interestDue: string;
  amountToPay: string;
  amount: string;
  interest: string;
  principal: string;
  principalDueAfter: string;
  interestDueAfter: string;
  settles: boolean;
  /** The platform wallet's available balance of the loan's asset. */
  available: string;
}

/** estimate-paid-loans: what settles every open loan now, and whether the platform wallet covers it. */
export interface RepayAllEstimate {
  asset: string;
  count: number;
  principalDue: string;
  interestDue: string;
  amountToPay: string;
  available: string;
  enough: boolean;
  loans: Array<{ loanId: string; productName: string; days: number; overdue: boolean; principalDue: string; interestDue: string; amountToPay: string }>;
}

export interface LoanPayment {
  id: string;
  loanId: string;
  productName: string;
  asset: string;
  amount: string;
  principal: string;
  interest: string;
  createdAt: string;
}

export interface PayAllResult {
  asset: string;
  total: string;
  principal: string;
  interest: string;
  payments: LoanPayment[];
  loans: Loan[];
}

const pageOf = <T>(page: PageOf<T> | null | undefined): PageOf<T> => ({
  total: Number(page?.total ?? 0),
  page: Number(page?.page ?? 1),
  size: Number(page?.size ?? 0),
  list: Array.isArray(page?.list) ? page.list : [],
});

/** GET loan/productList (public): the active products. */
export async function fetchLoanProducts(): Promise<LoanProduct[]> {
  const rows = await request<LoanProduct[] | null>({ url: LOAN_URLS.products, method: 'GET', silent: true });
  return Array.isArray(rows) ? rows : [];
}

/** GET rule/get-rule?type=loan (public); null when the server has none. */
export async function fetchLoanRules(): Promise<LoanRules | null> {
  const rules = await request<LoanRules | null>({ url: LOAN_URLS.rules, method: 'GET', params: { type: 'loan' }, silent: true });
  return rules && typeof rules === 'object' && 'minPhotos' in rules ? rules : null;
}

export interface ApplyInput {
  productId: string;
  amount: string;
  /** Upload paths (POST /asset/admin/common/oss/upload), at least rules.minPhotos distinct ones. */
  photos: string[];
  /** One per application, kept for its retries: a retry answers the same application. */
  requestId: string;
}

/** POST loan/createLoanProduct: the application, `pending` until an operator decides. */
export function applyForLoan(input: ApplyInput): Promise<Loan> {
  return request<Loan>({ url: LOAN_URLS.apply, method: 'POST', data: input });
}

/** GET loan/userProductList: the user's loans, newest first. */
export async function fetchLoans(query: { status: LoanFilter; page: number; size: number }): Promise<PageOf<Loan>> {
  const params = { page: query.page, size: query.size, ...(query.status ? { status: query.status } : {}) };
  return pageOf(await request<PageOf<Loan> | null>({ url: LOAN_URLS.list, method: 'GET', params, silent: true }));
}

/** POST loan/estimate-paid-loan; without an amount, the estimate of repaying everything owed. */
export function estimateRepayment(loanId: string, amount?: string): Promise<RepayEstimate> {
  return request<RepayEstimate>({ url: LOAN_URLS.estimateOne, method: 'POST', data: amount === undefined ? { loanId } : { loanId, amount }, silent: true });
}

/** GET loan/estimate-paid-loans. */
export function estimateRepayAll(): Promise<RepayAllEstimate> {
  return request<RepayAllEstimate>({ url: LOAN_URLS.estimateAll, method: 'GET', silent: true });
}

/** POST loan/pay-one-application: a partial or full repayment from the platform wallet. */
export function repayLoan(input: { loanId: string; amount: string; requestId: string }): Promise<{ payment: LoanPayment; loan: Loan }> {
  return request<{ payment: LoanPayment; loan: Loan }>({ url: LOAN_URLS.payOne, method: 'POST', data: input });
}

/** POST loan/pay-all-applications: every open loan settled at once, or none. */
export function repayAllLoans(requestId: string): Promise<PayAllResult> {
  return request<PayAllResult>({ url: LOAN_URLS.payAll, method: 'POST', data: { requestId } });
}

/** GET loan/paid-history: repayments, newest first, of every loan or one. */
export async function fetchPayments(query: { loanId?: string; page: number; size: number }): Promise<PageOf<LoanPayment>> {
  const params = { page: query.page, size: query.size, ...(query.loanId ? { loanId: query.loanId } : {}) };
  return pageOf(await request<PageOf<LoanPayment> | null>({ url: LOAN_URLS.paidHistory, method: 'GET', params, silent: true }));
}
