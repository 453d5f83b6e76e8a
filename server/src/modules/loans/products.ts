import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { MAX_AMOUNT } from '../ledger/ledger.js';
import { findCurrency } from '../wallet/currencies.js';
import { insertProduct, type ProductTerms } from './storage.js';

/** Loans are lent and repaid in the base unit; the spec's "minimum amount 20" is the floor of every product. */
export const LOAN_ASSET = 'USDT';
export const LOAN_MIN_AMOUNT = '20';

const decimalText = /^[0-9]+(\.[0-9]+)?$/;

/** Every reason these terms cannot be a product ([] when they can). Operators get all of them at once. */
export function checkTerms(terms: ProductTerms): string[] {
  const problems: string[] = [];
  if (!/^[a-z0-9][a-z0-9-]{1,31}$/.test(terms.code)) problems.push('code: 2-32 lower-case letters, digits or "-"');
  if (!terms.name.trim() || terms.name.length > 80) problems.push('name: 1-80 characters');
  if (terms.asset !== LOAN_ASSET) problems.push(`asset: loans are in ${LOAN_ASSET}`);
  const scale = findCurrency(LOAN_ASSET).scale;
  const amount = (field: 'minAmount' | 'maxAmount') => {
    const text = terms[field];
    if (!decimalText.test(text) || new Dec(text).decimalPlaces() > scale || new Dec(text).gt(MAX_AMOUNT)) {
      problems.push(`${field}: a decimal with at most ${scale} decimals`);
      return undefined;
    }
    return new Dec(text);
  };
  const min = amount('minAmount');
  const max = amount('maxAmount');
  if (min && min.lt(LOAN_MIN_AMOUNT)) problems.push(`minAmount: at least ${LOAN_MIN_AMOUNT}`);
  if (min && max && max.lt(min)) problems.push('maxAmount: at least minAmount');
  if (!Number.isInteger(terms.termDays) || terms.termDays < 1 || terms.termDays > 3650) problems.push('termDays: an integer from 1 to 3650');
  const rate = (field: 'dailyRate' | 'lateDailyRate') => {
    const text = terms[field];
    if (!decimalText.test(text) || new Dec(text).decimalPlaces() > 10 || new Dec(text).gte(1)) {
      problems.push(`${field}: a daily fraction from 0 to below 1 with at most 10 decimals (0.001 = 0.1 % a day)`);
      return undefined;
    }
    return new Dec(text);
  };
  const daily = rate('dailyRate');
  const late = rate('lateDailyRate');
  if (daily && late && late.lt(daily)) problems.push('lateDailyRate: at least dailyRate');
  if (terms.repaymentMethod !== 'maturity') problems.push('repaymentMethod: maturity');
  return problems;
}

/**
 * The products a new platform starts with (created once: an operator's later change or disable stays). The
 * rates are plain daily rates; the late rate doubles the daily rate and replaces it after the term.
 */
export const SEED_PRODUCTS: ProductTerms[] = [
  { code: 'starter-7', name: 'Starter loan · 7 days', asset: 'USDT', minAmount: '20', maxAmount: '1000', termDays: 7, dailyRate: '0.001', lateDailyRate: '0.002', repaymentMethod: 'maturity' },
  { code: 'standard-30', name: 'Standard loan · 30 days', asset: 'USDT', minAmount: '100', maxAmount: '10000', termDays: 30, dailyRate: '0.0008', lateDailyRate: '0.0016', repaymentMethod: 'maturity' },
  { code: 'plus-90', name: 'Plus loan · 90 days', asset: 'USDT', minAmount: '1000', maxAmount: '50000', termDays: 90, dailyRate: '0.0006', lateDailyRate: '0.0012', repaymentMethod: 'maturity' },
];

export async function seedLoanProducts(db: Db, now: Date): Promise<number> {
  let created = 0;
  for (const terms of SEED_PRODUCTS) if (await insertProduct(db, terms, now, 'seed')) created += 1;
  return created;
}
