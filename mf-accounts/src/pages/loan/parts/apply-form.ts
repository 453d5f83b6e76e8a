import type Decimal from 'decimal.js';
import { createForm, type ValidationKey } from '@meridian/shared';
import { AMOUNT_MAX, MIN_AMOUNT, parseAmount } from '@meridian/shared/money';
import type { LoanProduct } from '../../../api/loan';
import { LOAN_SCALE, termInterest } from './terms';

export interface ApplyValues {
  productId: string;
  amount: string;
}

/** What the application is checked against: the products on offer, the photos picked and how many the rules ask for. */
export interface ApplyContext {
  products: readonly LoanProduct[];
  photoCount: number;
  minPhotos: number;
}

/** The shared amount rules' keys, then the product's own limits and the photos (texts in this remote). */
export type ApplyProblem = ValidationKey | 'loanBelowProductMin' | 'loanAboveProductMax' | 'loanPhotosRequired';

/** What the summary and the confirmation show: the amount as sent, the interest over the term and the total. */
export interface ApplySummary {
  product: LoanProduct;
  amount: Decimal | null;
  interest: Decimal | null;
  total: Decimal | null;
}

/** The chosen product, the first one when the chosen one is gone. */
export const productOf = (values: Pick<ApplyValues, 'productId'>, products: readonly LoanProduct[]): LoanProduct => products.find((p) => p.id === values.productId) ?? products[0]!;

function amountProblem(amount: string, product: LoanProduct): ApplyProblem | null {
  const parsed = parseAmount(amount);
  if (amount.trim() === '') return 'required';
  if (!parsed || parsed.lte(0) || parsed.gt(AMOUNT_MAX)) return 'invalidAmount';
  if (parsed.decimalPlaces() > LOAN_SCALE) return 'tooManyDecimals';
  if (parsed.lt(MIN_AMOUNT)) return 'minAmount';
  if (parsed.lt(product.minAmount)) return 'loanBelowProductMin';
  if (parsed.gt(product.maxAmount)) return 'loanAboveProductMax';
  return null;
}

/**
 * The loan application (spec: loans): an amount within the spec's minimum of 20 and the product's limits, with at
 * most the currency's decimals, and at least the rules' number of document photos. The summary is the frozen
 * terms summed up (interest over the term, the total at maturity), none until the amount is valid.
 */
export const applyForm = createForm<ApplyValues, ApplyContext, ApplySummary, ApplyProblem>({
  initial: { productId: '', amount: '' },
  rules: (values, { products, photoCount, minPhotos }) => ({
    amount: amountProblem(values.amount, productOf(values, products)),
    // the photos are no field of these values (files, kept by the screen): their rule is the form's own
    form: photoCount < minPhotos ? 'loanPhotosRequired' : null,
  }),
  summary: (values, { products }) => {
    const product = productOf(values, products);
    const parsed = parseAmount(values.amount);
    if (!parsed || amountProblem(values.amount, product)) return { product, amount: null, interest: null, total: null };
    const interest = termInterest(parsed, product.dailyRate, product.termDays);
    return { product, amount: parsed, interest, total: parsed.plus(interest) };
  },
});
