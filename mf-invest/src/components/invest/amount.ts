import { compareExact } from '@meridian/shared';
import type { Key } from '../../i18n';

const DECIMAL = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/** What is wrong with a typed amount against a product's limits (the server checks the same), or null. */
export function amountProblem(value: string, limits: { minAmount: string; maxAmount: string }, scale: number): { key: Key; params?: Record<string, string> } | null {
  const text = value.trim();
  if (text === '') return { key: 'amountRequired' };
  if (!DECIMAL.test(text) || compareExact(text, '0') <= 0) return { key: 'amountInvalid' };
  if ((text.split('.')[1]?.length ?? 0) > scale) return { key: 'amountDecimals', params: { decimals: String(scale) } };
  if (compareExact(text, '100000000000000000') > 0) return { key: 'amountInvalid' };
  if (compareExact(text, limits.minAmount) < 0) return { key: 'amountBelowMin', params: { min: limits.minAmount } };
  if (compareExact(text, limits.maxAmount) > 0) return { key: 'amountAboveMax', params: { max: limits.maxAmount } };
  return null;
}
