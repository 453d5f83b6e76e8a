import { Dec } from '../ledger/decimal.js';
import { MAX_AMOUNT } from '../ledger/ledger.js';
import type { PlannedPayout } from '../../platform-kit/product/payouts.js';
import type { ProductDefinition } from '../../platform-kit/product/sell.js';

/** A wealth-financing product's terms, one product_terms version (kind "financing"), frozen into each subscription. */
export interface FinancingTerms {
  name: string;
  asset: string;
  /** Annualised rate as a fraction ("0.06" = 6 % a year). */
  annualRate: string;
  durationDays: number;
  minAmount: string;
  maxAmount: string;
  /** Interest = amount × annualRate × durationDays / dayBasis (actual days over a 365-day year). */
  dayBasis: number;
  /** Decimals of the interest (2: exact to the cent, rounded down: never more than promised). */
  scale: number;
  active: boolean;
}

export const FINANCING_KIND = 'financing';
const DAY_MS = 86_400_000;

export const financingInterest = (terms: FinancingTerms, amount: string): Dec =>
  new Dec(amount).times(terms.annualRate).times(terms.durationDays).div(terms.dayBasis).toDecimalPlaces(terms.scale, Dec.ROUND_DOWN);

export const maturityOf = (terms: FinancingTerms, start: Date): Date => new Date(start.getTime() + terms.durationDays * DAY_MS);

/** One payment at maturity: the interest, with the principal released back to the wealth wallet. */
export function financingPayouts(terms: FinancingTerms, amount: string, start: Date): PlannedPayout[] {
  return [{ seq: 1, dueAt: maturityOf(terms, start), amount: financingInterest(terms, amount).toFixed(), releasesHold: true }];
}

export const FINANCING: ProductDefinition<FinancingTerms> = {
  kind: FINANCING_KIND,
  wallet: 'wealth',
  holdReason: 'financingSubscription',
  payoutRule: financingPayouts,
};

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/;

export function checkFinancingTerms(t: FinancingTerms): string[] {
  const problems: string[] = [];
  if (!t.name?.trim() || t.name.length > 60) problems.push('name: 1-60 characters');
  if (!/^[A-Z]{2,10}$/.test(t.asset)) problems.push('asset: a coin symbol');
  if (typeof t.annualRate !== 'string' || !DECIMAL.test(t.annualRate) || new Dec(t.annualRate).gt(1)) problems.push('rate: an annual fraction from 0 to 1');
  if (!Number.isInteger(t.durationDays) || t.durationDays < 1 || t.durationDays > 3650) problems.push('days: 1-3650');
  const amounts = [t.minAmount, t.maxAmount];
  if (!amounts.every((a) => typeof a === 'string' && DECIMAL.test(a) && new Dec(a).gt(0) && new Dec(a).lte(MAX_AMOUNT))) problems.push('min/max: positive amounts up to 1e17');
  else if (new Dec(t.minAmount).lt(20)) problems.push('min: never below 20 (the spec\'s "Minimum amount 20")');
  else if (new Dec(t.minAmount).gt(t.maxAmount)) problems.push('min above max');
  if (t.dayBasis !== 365 && t.dayBasis !== 360) problems.push('basis: 365 or 360');
  if (!Number.isInteger(t.scale) || t.scale < 0 || t.scale > 18) problems.push('scale: 0-18');
  return problems;
}

export const SEED_FINANCING: { id: string; terms: FinancingTerms }[] = [
  { id: 'fin-30', terms: { name: 'USDT 30 days', asset: 'USDT', annualRate: '0.06', durationDays: 30, minAmount: '20', maxAmount: '100000', dayBasis: 365, scale: 2, active: true } },
  { id: 'fin-90', terms: { name: 'USDT 90 days', asset: 'USDT', annualRate: '0.08', durationDays: 90, minAmount: '20', maxAmount: '100000', dayBasis: 365, scale: 2, active: true } },
  { id: 'fin-180', terms: { name: 'USDT 180 days', asset: 'USDT', annualRate: '0.1', durationDays: 180, minAmount: '100', maxAmount: '500000', dayBasis: 365, scale: 2, active: true } },
];
