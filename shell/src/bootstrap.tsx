import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { getDefaultStore } from 'jotai';
import i18next from 'i18next';
import * as singleSpa from 'single-spa';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import '@meridian/shared/theme.css';
import { SHARED_NAMESPACES, createMicroApp, setSlotContributions, setSlotModuleLoader, loadTexts, registerTexts, getToken, http, navigate, platformQueryClient, platformStore, restoreMode, tokenAtom, typeUserAtom, type MicroApp } from '@meridian/shared';
import { startLiveInvalidation, startSocketHub } from './realtime';
import { installConventions } from './conventions/install';
import { loadPlatformConfig, ownsPath, type RemoteConfig } from './config/mf-config';
import { applyOverrides, clearOverrides, collectOverrides } from './config/staging-override';
import { isolationPlugin } from './federation/isolation-plugin';
import { RemoteApplications, type Spa } from './apps/remote-applications';
import { containerFor } from './apps/containers';
import { renderFallback } from './apps/RemoteFallback';
import { Chrome, markFrame } from './chrome/Chrome';
import { ShellPages } from './pages/ShellPages';
import { startupRedirect } from './layout/startup';
import { layoutFor, readWidth } from './layout/viewport';
import { watchRelaunch } from './layout/relaunch';
import { releaseFirstFrame } from './layout/first-frame';
import { loadShellTexts } from './i18n';
import { registerSlotTexts } from './chrome/slot-links';
import { startUpdateCheck } from './update/start';

const runtime = { React, ReactDOMClient, store: getDefaultStore(), i18n: i18next };

function federationRemote(remote: RemoteConfig) {
  return { name: remote.name, entry: new URL(remote.manifest, window.location.origin).href };
}

async function main(): Promise<void> {
  // the route's title the server drew gives way to the page's own, in the frame that draws it
  releaseFirstFrame();
  // before any request: headers, envelope, session expiry, offline toasts, and the language kept with i18n
  installConventions({ store: runtime.store, http, navigate, readWidth, i18n: i18next });
  restoreMode(runtime.store);
  // the saved language is applied above, so this fetches that language's texts only; started now, they
  // arrive while the config loads (the shell's mount waits for them anyway)
  registerTexts('shell', loadShellTexts);
  loadTexts(['shell', ...SHARED_NAMESPACES]).catch((error: unknown) => console.error('[meridian] texts could not be loaded', error));
  // the one socket hub every remote reaches through shared's hooks; the positions stream follows the token
  const sockets = startSocketHub({ getToken: () => getToken(platformStore), onTokenChange: (listener) => platformStore.sub(tokenAtom, listener) });
  // inlined into index.html by the server (no round trip before the remotes load); fetched when it is not
  const config = await loadPlatformConfig();

  const redirect = startupRedirect(window.location.pathname, readWidth(), config.mobileOnly);
  if (redirect) window.history.replaceState(null, '', redirect);
  markFrame(layoutFor(readWidth()), window.location.pathname);

  const overrides = collectOverrides(config, window.location, window.sessionStorage, (url) =>
    window.history.replaceState(window.history.state, '', url),
  );
  const remotes = applyOverrides(config.remotes, overrides);
  // the slots (home tiles, desktop nav, ...) are the live remotes' manifests: no remote is loaded to show them,
  // and their texts come in one request after first paint
  registerSlotTexts();
  for (const remote of remotes) setSlotContributions(remote.name, remote.slots);
  // the user's balance and record pushes refresh the screens showing them (the remotes' push.invalidations), a KYC
  // review the session (the stream flows while logged in)
  startLiveInvalidation({ hub: sockets.hub, client: platformQueryClient, getMode: () => platformStore.get(typeUserAtom), store: platformStore });

  // No remote URL is baked into the build: the federation runtime learns them from /mf-config.json.
  registerRemotes(remotes.map(federationRemote));
  // sections one remote renders from another's modules (wallet.holdings) load through the same runtime
  setSlotModuleLoader((remote, module) => loadRemote(`${remote}/${module}`));
  const applications = new RemoteApplications(
    singleSpa as unknown as Spa,
    {
      loadRemote: (id) => loadRemote<MicroApp>(id),
      resetRemote: (remote) => registerRemotes([federationRemote(remote)], { force: true }),
    },
    renderFallback,
  );
  registerPlugins([
    isolationPlugin({ retries: 2, delayMs: (attempt) => 400 * attempt, fallbackFor: (name) => applications.fallbackApp(name) }),
  ]);

  const chromeElement = document.body.appendChild(document.createElement('div'));
  chromeElement.id = 'chrome-root';
  const chrome = createMicroApp({ name: 'shell', Root: Chrome as never, loadTexts: loadShellTexts, runtime });
  singleSpa.registerApplication({
    name: 'shell',
    app: async () => chrome as unknown as singleSpa.LifeCycles,
    activeWhen: () => true,
    customProps: {
      domElement: chromeElement,
      overrides,
      onResetOverrides: () => {
        clearOverrides(window.sessionStorage);
        window.location.reload();
      },
    },
  });

  const pages = createMicroApp({ name: 'shell_pages', namespace: 'shell', Root: ShellPages, loadTexts: loadShellTexts, runtime });
  singleSpa.registerApplication({
    name: 'shell_pages',
    app: async () => pages as unknown as singleSpa.LifeCycles,
    activeWhen: (location) => !remotes.some((remote) => ownsPath(remote, location.pathname)),
    customProps: (name: string) => ({ domElement: containerFor(name) }),
  });

  applications.registerAll(remotes);
  singleSpa.start({ urlRerouteOnly: true });
  watchRelaunch(config.mobileOnly, (url) => window.history.replaceState(null, '', url));
  startUpdateCheck();
}

main().catch((error: unknown) => {
  console.error('[meridian] the platform could not start', error);
  renderFallback(containerFor('shell_pages'), 'platform', () => window.location.reload());
});
