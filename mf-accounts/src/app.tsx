import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { getDefaultStore } from 'jotai';
import i18next from 'i18next';
import { createMicroApp, runLifecycle, type Lifecycle } from '@meridian/shared';
import { App, preloadScreen, screenLoaded } from './AppRoot';
import { NS, loadTexts } from './i18n';

// The runtime objects are imported here, in the remote's own module, so the singleton check sees what this
// remote really runs with.
const lifecycles = createMicroApp({
  name: NS,
  Root: App,
  loadTexts,
  runtime: { React, ReactDOMClient, store: getDefaultStore(), i18n: i18next },
});

export const { bootstrap, unmount } = lifecycles;

/** The current route's page chunk loads before the first render (while the shell shows its loading rule). */
export const mount: Lifecycle = (props) => {
  const path = window.location.pathname;
  if (screenLoaded(path)) return runLifecycle(lifecycles.mount, props);
  // a page chunk that fails to load is left to the router's Suspense path (and the shell's error boundary)
  return preloadScreen(path)
    .catch(() => undefined)
    .then(() => runLifecycle(lifecycles.mount, props));
};
