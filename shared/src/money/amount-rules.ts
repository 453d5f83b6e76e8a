import type Decimal from 'decimal.js';
import type { Rule } from '../validation/rules';
import { AMOUNT_MAX, parseAmount } from './amount';

/** The spec's minimum amount (shell-accounts-money §9). */
export const MIN_AMOUNT = 20;

// (type-only imports from validation: this entry is its own federation module and must not carry a copy of it)
const isBlank = (value: string) => value.trim() === '';

export interface AmountOptions {
  /** Most decimal places allowed (the coin's amount precision); trailing zeros do not count. */
  decimals?: number;
  /** Inclusive bounds: "above the minimum and below the maximum" with the limits themselves allowed. */
  min?: Decimal.Value;
  max?: Decimal.Value;
}

/**
 * An amount: required, a plain decimal greater than 0 and not above 1e17, then the decimals limit, then the
 * bounds. Checks run in that order so the user sees the most basic problem first.
 */
export const amount =
  (options: AmountOptions = {}): Rule =>
  (value) => {
    if (isBlank(value)) return 'required';
    const parsed = parseAmount(value);
    if (!parsed || parsed.lte(0) || parsed.gt(AMOUNT_MAX)) return 'invalidAmount';
    if (options.decimals !== undefined && parsed.decimalPlaces() > options.decimals) return 'tooManyDecimals';
    if (options.min !== undefined && parsed.lt(options.min)) return 'amountOutOfRange';
    if (options.max !== undefined && parsed.gt(options.max)) return 'amountOutOfRange';
    return null;
  };

/** The spec's minimum amount, with its own text "Minimum amount 20". Use after `amount()`. */
export const minimumAmount: Rule = (value) => {
  const parsed = parseAmount(value);
  return parsed && parsed.lt(MIN_AMOUNT) ? 'minAmount' : null;
};

/** Not more than the available balance ("Insufficient balance"). Use after `amount()`. */
export const withinBalance =
  (balance: Decimal.Value): Rule =>
  (value) => {
    const parsed = parseAmount(value);
    return parsed && parsed.gt(balance) ? 'insufficientBalance' : null;
  };
