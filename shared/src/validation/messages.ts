import { i18n } from '../i18n/instance';

/**
 * Validation messages share the UI kit's namespace, so a form needs one useTranslation('kit') for its
 * field components and their errors alike. The keys are disjoint from the kit's own (a test checks).
 */
export const VALIDATION_NAMESPACE = 'kit';

export type ValidationKey =
  | 'required'
  | 'passwordTooShort'
  | 'passwordsInconsistent'
  | 'invalidPhone'
  | 'invalidEmail'
  | 'invalidCode'
  | 'invalidAmount'
  | 'tooManyDecimals'
  | 'minAmount'
  | 'amountOutOfRange'
  | 'insufficientBalance'
  | 'invitationRequired'
  | 'addressRequired'
  | 'sameWallet';

/** A key's text in the current language, for code outside React (toasts, thrown errors). */
export function validationMessage(key: ValidationKey): string {
  return i18n.t(key, { ns: VALIDATION_NAMESPACE });
}
