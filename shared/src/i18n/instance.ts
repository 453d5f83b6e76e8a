import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './common';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode, type Translations } from './languages';

/**
 * The platform's one i18next instance. It is i18next's default instance on purpose: i18next is a federation
 * singleton, so `import i18next from 'i18next'` anywhere yields this same object. Each remote adds its own
 * namespace (its federation name) with `addTranslations`.
 */
export const i18n = i18next;

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGE_CODES,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initImmediate: false,
    resources: {},
    returnNull: false,
    showSupportNotice: false,
  } as Parameters<typeof i18n.init>[0]);
  addTranslations('common', common);
}

/** Registers one namespace's texts for every language (idempotent: a remount re-adds the same bundle). */
export function addTranslations(namespace: string, translations: Translations): void {
  for (const lng of Object.keys(translations) as LanguageCode[]) {
    i18n.addResourceBundle(lng, namespace, translations[lng], true, true);
  }
}
