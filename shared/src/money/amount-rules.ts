import type Decimal from 'decimal.js';
import type { ValidationKey } from '../validation/messages';
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

/** What is wrong with an amount, before it is worded: `amount()` words it in the kit's texts, a form with texts of its own maps it to them. */
export type AmountProblem = 'required' | 'invalid' | 'tooManyDecimals' | 'belowMin' | 'aboveMax';

/**
 * The amount rules: required, a plain decimal greater than 0 and not above 1e17, then the decimals limit, then the
 * bounds. Checks run in that order so the user sees the most basic problem first.
 */
export function amountProblem(value: string, options: AmountOptions = {}): AmountProblem | null {
  if (isBlank(value)) return 'required';
  const parsed = parseAmount(value);
  if (!parsed || parsed.lte(0) || parsed.gt(AMOUNT_MAX)) return 'invalid';
  if (options.decimals !== undefined && parsed.decimalPlaces() > options.decimals) return 'tooManyDecimals';
  if (options.min !== undefined && parsed.lt(options.min)) return 'belowMin';
  if (options.max !== undefined && parsed.gt(options.max)) return 'aboveMax';
  return null;
}

const AMOUNT_KEYS: Record<AmountProblem, ValidationKey> = {
  required: 'required',
  invalid: 'invalidAmount',
  tooManyDecimals: 'tooManyDecimals',
  belowMin: 'amountOutOfRange',
  aboveMax: 'amountOutOfRange',
};

/** An amount (`amountProblem`) as a rule with the kit's texts; both bounds share "out of range". */
export const amount =
  (options: AmountOptions = {}): Rule =>
  (value) => {
    const problem = amountProblem(value, options);
    return problem && AMOUNT_KEYS[problem];
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
