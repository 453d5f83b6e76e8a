import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createPlatformQueryClient } from '../query/client';
import { bindQueriesToSession } from '../query/session';
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
  /** A fresh QueryClient per test by default (no retries, so a failing call shows its error state at once). */
  queryClient?: QueryClient;
}

/** A QueryClient for tests: the platform's defaults without retries or refetch on focus, so tests stay exact. */
export function createTestQueryClient(): QueryClient {
  return createPlatformQueryClient({ queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0, gcTime: Infinity } });
}

/** Renders a component the way the platform mounts it: one store, the shared i18n instance, a URL. */
export function renderWithPlatform(
  ui: ReactElement,
  options: PlatformRenderOptions = {},
): RenderResult & { store: ReturnType<typeof createStore>; queryClient: QueryClient } {
  const { url = '/', translations, language = 'en', store = createStore(), queryClient = createTestQueryClient(), ...rest } = options;
  window.history.pushState({}, '', url);
  // as on the page: logout clears the test's cache, a mode switch resets it
  bindQueriesToSession(store, queryClient);
  if (translations) addTranslations(translations.namespace, translations.texts);
  void i18n.changeLanguage(language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n} defaultNS={translations?.namespace}>
          {children}
        </I18nextProvider>
      </QueryClientProvider>
    </Provider>
  );
  return { store, queryClient, ...render(ui, { wrapper: Wrapper, ...rest }) };
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
export { pushInvalidationProblems } from './manifest-checks';
export { readLocales, readAllLocales, localeNamespaces, localeLayoutProblems, SHARED_LOCALES_DIR } from './locales';
export { commonTexts, kitTexts, sessionTexts } from './shared-texts';
export { mountMicroApp } from './micro-app';
export { describeRemoteRoutes } from './remote-routes';
export { installServer, ok, refused, page, sequence, type Answer, type Body, type Call } from './api-stub';
