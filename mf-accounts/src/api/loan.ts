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

/** GET loan/productList (public): the active products. */
export const productsOf = (rows: LoanProduct[] | null | undefined): LoanProduct[] => (Array.isArray(rows) ? rows : []);

/** GET rule/get-rule?type=loan (public); null when the server has none. */
export const rulesOf = (rules: LoanRules | null | undefined): LoanRules | null => (rules && typeof rules === 'object' && 'minPhotos' in rules ? rules : null);

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

/** POST loan/estimate-paid-loan; without an amount, the estimate of repaying everything owed. */
export function estimateRepayment(loanId: string, amount?: string): Promise<RepayEstimate> {
  return call(loans.estimateOne, amount === undefined ? { loanId } : { loanId, amount }, { silent: true });
}

