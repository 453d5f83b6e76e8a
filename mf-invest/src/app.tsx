import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { getDefaultStore } from 'jotai';
import i18next from 'i18next';
import { createRemoteApp } from '@meridian/shared/remote';
import * as routes from './AppRoot';
import { NS, loadTexts } from './i18n';

// The runtime objects are imported here, in the remote's own module, so the singleton check sees what this
// remote really runs with.
export const { bootstrap, mount, unmount } = createRemoteApp({
  name: NS,
  routes,
  loadTexts,
  runtime: { React, ReactDOMClient, store: getDefaultStore(), i18n: i18next },
});
