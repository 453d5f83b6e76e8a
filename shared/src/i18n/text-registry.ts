import type { i18n as I18n } from 'i18next';
import type { LanguageCode } from './languages';

/** One namespace's texts in one language. */
export type NamespaceTexts = Record<string, string>;

/**
 * Fetches one namespace's texts for one language, typically `import(`../locales/${lng}/ns.json`)`, which
 * webpack turns into one small chunk per language; a JSON module's default export is the texts.
 */
export type TextLoader = (lng: LanguageCode) => Promise<NamespaceTexts | { default: NamespaceTexts }>;

/**
 * Which loader fetches which namespace. The i18next backend reads through it, so each package (the shell,
 * every remote, shared) registers its own loader and its JSON chunks come from its own build.
 */
export interface TextRegistry {
  register(namespace: string, loader: TextLoader): void;
  /** The backend's read (i18next-resources-to-backend's function form). */
  read(lng: string, namespace: string): Promise<NamespaceTexts | { default: NamespaceTexts }>;
}

export function createTextRegistry(): TextRegistry {
  const loaders = new Map<string, TextLoader>();
  return {
    register: (namespace, loader) => {
      loaders.set(namespace, loader);
    },
    read: (lng, namespace) => {
      const loader = loaders.get(namespace);
      if (!loader) return Promise.reject(new Error(`[meridian] no texts registered for the i18n namespace "${namespace}"`));
      return loader(lng as LanguageCode);
    },
  };
}

/**
 * Loads namespaces for the language in use, and also for the language being switched to when a change is
 * under way (i18next only loads, for the new language, the namespaces it knew when the change started).
 * Resolves once every text is in the store, so whatever renders next shows texts, never raw keys. Namespaces
 * already in the store are not fetched again.
 */
export function loadTexts(instance: I18n, namespaces: readonly string[]): Promise<void> {
  const changingTo = (instance as I18n & { isLanguageChangingTo?: string }).isLanguageChangingTo;
  const languages = [...new Set([instance.language, changingTo].filter((lng): lng is string => !!lng && lng !== 'cimode'))];
  // listed in options.ns, the namespaces are loaded by every later changeLanguage before it switches
  const known = instance.options.ns;
  const list = Array.isArray(known) ? (known as string[]) : typeof known === 'string' ? [known] : [];
  for (const namespace of namespaces) if (!list.includes(namespace)) list.push(namespace);
  instance.options.ns = list;
  const connector = instance.services.backendConnector as {
    state: Record<string, number>;
    load(languages: string[], namespaces: readonly string[], callback: (error: unknown) => void): void;
  };
  return new Promise((resolve, reject) => {
    connector.load(languages, namespaces, (error) => {
      if (!error) return resolve();
      // i18next remembers a failed fetch and never retries it: forget it, so mounting again fetches again
      for (const lng of languages) for (const namespace of namespaces) if (connector.state[`${lng}|${namespace}`] === -1) delete connector.state[`${lng}|${namespace}`];
      reject(error instanceof Error ? error : new Error(`[meridian] texts of ${namespaces.join(', ')} could not be loaded`));
    });
  });
}
