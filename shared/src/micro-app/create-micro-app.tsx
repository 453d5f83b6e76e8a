import type { ComponentType } from 'react';
import type * as ReactModule from 'react';
import type * as ReactDOMClientModule from 'react-dom/client';
import { Provider } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import singleSpaReact from 'single-spa-react';
import type { MicroApp, MicroAppProps } from './contract';
import { reportInstances } from './instances';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { SHARED_NAMESPACES, loadTexts, registerTexts } from '../i18n/instance';
import type { TextLoader } from '../i18n/text-registry';
import type { PlatformStore } from '../store';
import { platformQueryClient } from '../query/client';
import { bindQueriesToSession } from '../query/session';

export interface MicroAppOptions {
  /** Federation name (single-spa application name). */
  name: string;
  /** i18n namespace of the app's texts; defaults to its name. */
  namespace?: string;
  /** The remote's root (its router and pages). */
  Root: ComponentType<MicroAppProps>;
  /**
   * Fetches the app's texts (its namespace) in one language: `(lng) => import(`../locales/${lng}/<ns>.json`)`.
   * Mount waits for them, and for shared's namespaces, in the current language only.
   */
  loadTexts: TextLoader;
  /**
   * The framework objects as the remote itself imports them. Rendering uses these, and they are reported
   * for the singleton check: a remote that bundled its own React would show up as a second instance.
   */
  runtime: {
    React: typeof ReactModule;
    ReactDOMClient: typeof ReactDOMClientModule;
    store: PlatformStore;
    i18n: I18n;
    /** The page's QueryClient; the platform's one (shared by the shell and every remote) unless given. */
    queryClient?: QueryClient;
  };
}

/** Turns a React root into the platform's lifecycles (single-spa's shape, see MicroApp). */
export function createMicroApp({ name, namespace = name, Root, loadTexts: loader, runtime }: MicroAppOptions): MicroApp {
  const { React, ReactDOMClient, store, i18n, queryClient = platformQueryClient } = runtime;

  function Wrapped(props: MicroAppProps) {
    return (
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n} defaultNS={namespace}>
            <RemoteErrorBoundary appName={name}>
              <Root {...props} />
            </RemoteErrorBoundary>
          </I18nextProvider>
        </QueryClientProvider>
      </Provider>
    );
  }

  const lifecycles = singleSpaReact<MicroAppProps>({
    React,
    ReactDOMClient,
    rootComponent: Wrapped,
    // single-spa-react's own boundary is the last resort; RemoteErrorBoundary above handles render errors
    errorBoundary: () => React.createElement('div', { 'data-testid': `remote-fallback-${name}`, role: 'alert' }),
  });

  // single-spa adds its own props (singleSpa, mountParcel) when it calls these; the contract does not require them
  type SpaProps = Parameters<typeof lifecycles.mount>[0];
  return {
    bootstrap: async (props) => {
      registerTexts(namespace, loader);
      reportInstances(name, { ...runtime, queryClient });
      // logout clears the page's cache and a mode switch resets it (once per page, however many apps bind)
      bindQueriesToSession(store, queryClient);
      await lifecycles.bootstrap(props as SpaProps);
    },
    // the first render shows texts, never raw keys: they are fetched (once per language) before mounting
    mount: async (props) => {
      await loadTexts([namespace, ...SHARED_NAMESPACES], i18n);
      await lifecycles.mount(props as SpaProps);
    },
    unmount: (props) => lifecycles.unmount(props as SpaProps),
  };
}
