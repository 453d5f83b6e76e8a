import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
// a value import on purpose: it guarantees the messages are registered wherever this hook is used
import { VALIDATION_NAMESPACE, type ValidationKey } from '../../validation/messages';

/**
 * Turns validation keys into texts of the current language, for a Field's `error`: rules stay pure and
 * language-free, and the text follows a language switch without revalidating.
 */
export function useValidationText(): (key: ValidationKey | null | undefined) => string | undefined {
  const { t } = useTranslation(VALIDATION_NAMESPACE);
  return useCallback((key) => (key ? t(key) : undefined), [t]);
}
