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
