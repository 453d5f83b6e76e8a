import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { i18n, addTranslations } from '../i18n/instance';
import type { Translations } from '../i18n/languages';
import type { MicroApp } from '../micro-app/contract';

export interface PlatformRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Start at this URL (pathname and query); remotes route from window.location like in the browser. */
  url?: string;
  /** Texts to register first, as a remote's bootstrap would; their namespace becomes the default one. */
  translations?: { namespace: string; texts: Translations };
  language?: string;
  /** A fresh store per test by default, so tests do not leak state into each other. */
  store?: ReturnType<typeof createStore>;
}

/** Renders a component the way the platform mounts it: one store, the shared i18n instance, a URL. */
export function renderWithPlatform(
  ui: ReactElement,
  options: PlatformRenderOptions = {},
): RenderResult & { store: ReturnType<typeof createStore> } {
  const { url = '/', translations, language = 'en', store = createStore(), ...rest } = options;
  window.history.pushState({}, '', url);
  if (translations) addTranslations(translations.namespace, translations.texts);
  void i18n.changeLanguage(language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <I18nextProvider i18n={i18n} defaultNS={translations?.namespace}>
        {children}
      </I18nextProvider>
    </Provider>
  );
  return { store, ...render(ui, { wrapper: Wrapper, ...rest }) };
}

/**
 * A stand-in for the federation runtime's loadRemote: answers each "name/app" request from a table, and
 * records the requests, so shell tests can load remotes (or fail to) without a network.
 */
export function createMockRemoteLoader(table: Record<string, MicroApp | Error>) {
  const requests: string[] = [];
  const loadRemote = async (id: string): Promise<MicroApp> => {
    requests.push(id);
    const entry = table[id];
    if (!entry) throw new Error(`no mock remote for ${id}`);
    if (entry instanceof Error) throw entry;
    return entry;
  };
  return { loadRemote, requests };
}

export { createManualSocketHub, type ManualSocketHub } from '../realtime/testing';
export { translationProblems } from './translations';
export { mountMicroApp } from './micro-app';
