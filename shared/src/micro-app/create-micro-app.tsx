import type { ComponentType } from 'react';
import type * as ReactModule from 'react';
import type * as ReactDOMClientModule from 'react-dom/client';
import { Provider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import singleSpaReact from 'single-spa-react';
import type { MicroApp, MicroAppProps } from './contract';
import { reportInstances } from './instances';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { addTranslations } from '../i18n/instance';
import type { Translations } from '../i18n/languages';
import type { PlatformStore } from '../store';

export interface MicroAppOptions {
  /** Federation name (single-spa application name). */
  name: string;
  /** i18n namespace of the app's texts; defaults to its name. */
  namespace?: string;
  /** The remote's root (its router and pages). */
  Root: ComponentType<MicroAppProps>;
  /** The remote's texts for every language. */
  translations: Translations;
  /**
   * The framework objects as the remote itself imports them. Rendering uses these, and they are reported
   * for the singleton check: a remote that bundled its own React would show up as a second instance.
   */
  runtime: {
    React: typeof ReactModule;
    ReactDOMClient: typeof ReactDOMClientModule;
    store: PlatformStore;
    i18n: I18n;
  };
}

/** Turns a React root into the platform's lifecycles (single-spa's shape, see MicroApp). */
export function createMicroApp({ name, namespace = name, Root, translations, runtime }: MicroAppOptions): MicroApp {
  const { React, ReactDOMClient, store, i18n } = runtime;

  function Wrapped(props: MicroAppProps) {
    return (
      <Provider store={store}>
        <I18nextProvider i18n={i18n} defaultNS={namespace}>
          <RemoteErrorBoundary appName={name}>
            <Root {...props} />
          </RemoteErrorBoundary>
        </I18nextProvider>
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
      addTranslations(namespace, translations);
      reportInstances(name, runtime);
      await lifecycles.bootstrap(props as SpaProps);
    },
    mount: (props) => lifecycles.mount(props as SpaProps),
    unmount: (props) => lifecycles.unmount(props as SpaProps),
  };
}
