import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode, type Translations } from './languages';
import { createTextRegistry, loadTexts as loadTextsInto, type TextLoader, type TextRegistry } from './text-registry';

/**
 * The platform's one i18next instance. It is i18next's default instance on purpose: i18next is a federation
 * singleton, so `import i18next from 'i18next'` anywhere yields this same object. Each remote registers a
 * loader for its own namespace (its federation name) with `registerTexts`; texts are fetched per language
 * on demand (see text-registry.ts).
 */
export const i18n = i18next;

/** The namespaces of shared itself, which every micro-app renders with (see createMicroApp). */
export const SHARED_NAMESPACES = ['common', 'kit', 'session'] as const;

/** The loaders of the singleton instance. */
export const textRegistry = createTextRegistry();

/**
 * Sets up an instance the platform's way. Exported so tests can build a fresh instance with its own registry.
 * No namespace is loaded at init (ns: []): the first texts are fetched when the shell mounts, after the saved
 * language is applied, so a user of French never downloads English. For the same reason there is no fallback
 * language: every key exists in all nine languages (the translation tests check), and a fallback would make
 * i18next fetch English files along with every other language.
 */
export function configureI18n(instance: I18n, registry: TextRegistry): Promise<unknown> {
  return instance
    .use(resourcesToBackend(registry.read))
    .use(initReactI18next)
    .init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: false,
      supportedLngs: LANGUAGE_CODES,
      ns: [],
      defaultNS: 'common',
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      showSupportNotice: false,
    } as Parameters<typeof instance.init>[0]);
}

if (!i18n.isInitialized) void configureI18n(i18n, textRegistry);

// webpackChunkName: each namespace and language is its own small chunk (locale-<lng>-<ns>-json.<hash>.js)
textRegistry.register('common', (lng) => import(/* webpackChunkName: "locale-[request]" */ `../../locales/${lng}/common.json`));
textRegistry.register('kit', (lng) => import(/* webpackChunkName: "locale-[request]" */ `../../locales/${lng}/kit.json`));
textRegistry.register('session', (lng) => import(/* webpackChunkName: "locale-[request]" */ `../../locales/${lng}/session.json`));

/** Registers how a namespace's texts are fetched, one language at a time (nothing is fetched yet). */
export function registerTexts(namespace: string, loader: TextLoader): void {
  textRegistry.register(namespace, loader);
}

/** Fetches namespaces for the current language (and the one being switched to); resolves when all are in. */
export function loadTexts(namespaces: readonly string[], instance: I18n = i18n): Promise<void> {
  return loadTextsInto(instance, namespaces);
}

/**
 * Puts one namespace's texts for every language into the store at once (tests, which read the JSON files
 * synchronously; the app fetches them with registerTexts instead). Idempotent.
 */
export function addTranslations(namespace: string, translations: Partial<Translations>): void {
  for (const lng of Object.keys(translations) as LanguageCode[]) {
    i18n.addResourceBundle(lng, namespace, translations[lng], true, true);
  }
}
