import { loans, type DataOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

/**
 * Loans (server/src/modules/loans/routes.ts). Ids are strings, amounts decimal strings, times ISO. Loads are
 * silent (the screens show their own error state with a retry, and an estimate shows its refusal beside the
 * amount); applying and repaying are not, so a refusal is toasted by the shell's request conventions.
 */

/** The wire types, from the contracts (contracts/src/loans/schemas.ts). */
export type LoanProduct = DataOf<typeof loans.products>[number];
/** rule/get-rule?type=loan: the rules as fields, so the screens show exactly what the server enforces. */
export type LoanRules = DataOf<typeof loans.rules>;
export type Loan = DataOf<typeof loans.detail>;
/** estimate-paid-loan: how a payment of `amount` would be split, at this moment. */
export type RepayEstimate = DataOf<typeof loans.estimateOne>;
/** estimate-paid-loans: what settles every open loan now, and whether the platform wallet covers it. */
export type RepayAllEstimate = DataOf<typeof loans.estimateAll>;
export type LoanPayment = DataOf<typeof loans.paidHistory>['list'][number];
export type PayAllResult = DataOf<typeof loans.payAll>;

export const LOAN_STATUSES = ['pending', 'approved', 'rejected', 'partial', 'settled'] as const satisfies readonly Loan['status'][];
export type LoanStatus = Loan['status'];
/** The history's filters: one status, "open" (approved or partial: still owing), or '' for every loan. */
export type LoanFilter = LoanStatus | 'open' | '';

export interface PageOf<T> {
  total: number;
  page: number;
  size: number;
  list: T[];
}

const pageOf = <T>(page: PageOf<T> | null | undefined): PageOf<T> => ({
  total: Number(page?.total ?? 0),
  page: Number(page?.page ?? 1),
  size: Number(page?.size ?? 0),
  list: Array.isArray(page?.list) ? page.list : [],
});

/** GET loan/productList (public): the active products. */
export async function fetchLoanProducts(): Promise<LoanProduct[]> {
  const rows = await call(loans.products, undefined, { silent: true });
  return Array.isArray(rows) ? rows : [];
}

/** GET rule/get-rule?type=loan (public); null when the server has none. */
export async function fetchLoanRules(): Promise<LoanRules | null> {
  const rules = (await call(loans.rules, { type: 'loan' }, { silent: true })) as LoanRules | null;
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
  return call(loans.apply, input);
}

/** GET loan/userProductList: the user's loans, newest first. */
export async function fetchLoans(query: { status: LoanFilter; page: number; size: number }): Promise<PageOf<Loan>> {
  const params = { page: query.page, size: query.size, ...(query.status ? { status: query.status } : {}) };
  return pageOf(await call(loans.list, params, { silent: true }));
}

/** POST loan/estimate-paid-loan; without an amount, the estimate of repaying everything owed. */
export function estimateRepayment(loanId: string, amount?: string): Promise<RepayEstimate> {
  return call(loans.estimateOne, amount === undefined ? { loanId } : { loanId, amount }, { silent: true });
}

/** GET loan/estimate-paid-loans. */
export function estimateRepayAll(): Promise<RepayAllEstimate> {
  return call(loans.estimateAll, undefined, { silent: true });
}

/** POST loan/pay-one-application: a partial or full repayment from the platform wallet. */
export function repayLoan(input: { loanId: string; amount: string; requestId: string }): Promise<{ payment: LoanPayment; loan: Loan }> {
  return call(loans.payOne, input);
}

/** POST loan/pay-all-applications: every open loan settled at once, or none. */
export function repayAllLoans(requestId: string): Promise<PayAllResult> {
  return call(loans.payAll, { requestId });
}

/** GET loan/paid-history: repayments, newest first, of every loan or one. */
export async function fetchPayments(query: { loanId?: string; page: number; size: number }): Promise<PageOf<LoanPayment>> {
  const params = { page: query.page, size: query.size, ...(query.loanId ? { loanId: query.loanId } : {}) };
  return pageOf(await call(loans.paidHistory, params, { silent: true }));
}
