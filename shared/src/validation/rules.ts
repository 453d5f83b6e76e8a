import type Decimal from 'decimal.js';
import { AMOUNT_MAX, parseAmount } from './amount';
import type { ValidationKey } from './messages';

/**
 * A rule looks at one field's text (and, for cross-field rules, all the form's values) and answers a message
 * key of the "kit" namespace, or null when the value passes. Rules are pure so that forms, tests and the
 * server-facing code can share them.
 */
export type Rule = (value: string, values: Readonly<Record<string, string>>) => ValidationKey | null;

/** The spec's constants (shell-accounts-money §9). */
export const PASSWORD_MIN_LENGTH = 6;
export const CODE_LENGTH = 4;
export const MIN_AMOUNT = 20;

const isBlank = (value: string) => value.trim() === '';

/** Something must be entered (spaces alone do not count). */
export const required: Rule = (value) => (isBlank(value) ? 'required' : null);

/** Required, then at least 6 characters. Spaces count: they are part of a password. */
export const password: Rule = (value) => {
  if (value === '') return 'required';
  return value.length < PASSWORD_MIN_LENGTH ? 'passwordTooShort' : null;
};

/** The confirmation must equal the field named `other` (exactly: passwords are not trimmed). */
export const matches =
  (other: string): Rule =>
  (value, values) => {
    if (value === '') return 'required';
    return value === (values[other] ?? '') ? null : 'passwordsInconsistent';
  };

/**
 * A phone number without its country code (chosen separately; default France 33): 5 to 15 digits, spaces
 * and dashes allowed between them for readability. E.164 caps a full number at 15 digits.
 */
export const phone: Rule = (value) => {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  if (!/^\d[\d -]*\d$/.test(trimmed)) return 'invalidPhone';
  const digits = trimmed.replace(/[ -]/g, '').length;
  return digits >= 5 && digits <= 15 ? null : 'invalidPhone';
};

/**
 * One '@', something before it, a dotted domain after it, no spaces. Deliberately loose: the verification
 * code proves the address; a strict pattern only refuses real addresses.
 */
export const email: Rule = (value) => {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(trimmed) ? null : 'invalidEmail';
};

/** Exactly four ASCII digits (e-mail and SMS codes alike). */
export const code: Rule = (value) => {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return new RegExp(`^[0-9]{${CODE_LENGTH}}$`).test(trimmed) ? null : 'invalidCode';
};

/** Registration needs an invitation code (spec text "Invitation code is required"). */
export const invitationCode: Rule = (value) => (isBlank(value) ? 'invitationRequired' : null);

/** A withdrawal needs an address set first. */
export const address: Rule = (value) => (isBlank(value) ? 'addressRequired' : null);

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

/** A transfer's target wallet must differ from its source, the field named `other`. */
export const differsFrom =
  (other: string): Rule =>
  (value, values) => {
    if (isBlank(value)) return 'required';
    return value === values[other] ? 'sameWallet' : null;
  };

/** Rules per field; each field's rules run in order and the first failure is its message. */
export type Schema<F extends string = string> = Partial<Record<F, readonly Rule[]>>;

/** The first failing rule's key for each field that fails; an empty object means the form is valid. */
export function validate<F extends string>(values: Readonly<Record<F, string>>, schema: Schema<F>): Partial<Record<F, ValidationKey>> {
  const errors: Partial<Record<F, ValidationKey>> = {};
  for (const field of Object.keys(schema) as F[]) {
    const value = values[field] ?? '';
    for (const rule of schema[field] ?? []) {
      const key = rule(value, values);
      if (key) {
        errors[field] = key;
        break;
      }
    }
  }
  return errors;
}
