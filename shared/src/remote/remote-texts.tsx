import { useTranslation } from 'react-i18next';
import type { CommonKey } from '../i18n/common';

/**
 * A remote's typed translation hook. The namespace is named explicitly (not only taken from the provider's
 * defaultNS), so a screen renders the same inside the shell, in the standalone preview and in tests.
 */
export function createUseT<Key extends string>(namespace: string) {
  return function useT() {
    const { t } = useTranslation(namespace);
    return {
      t: (key: Key, values?: Record<string, string>): string => t(key, values ?? {}),
      tc: (key: CommonKey, values?: Record<string, string>): string => t(`common:${key}`, values ?? {}),
    };
  };
}
