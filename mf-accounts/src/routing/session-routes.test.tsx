import { waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { toastsAtom } from '@meridian/shared';
import { renderWithPlatform, sessionTexts } from '@meridian/shared/testing';
import { App } from '../AppRoot';
import { NS } from '../i18n';
import { translations } from '../all-texts';
import { installServer } from '../components/money/test-server';
import { P } from '../paths';
import manifest from '../../meridian.routes.json';

/** The screens that need a session: the manifest's login pages, which the router wraps in the login guard. */
const SESSION_SCREENS: ReadonlySet<string> = new Set(Object.entries(manifest.pages).flatMap(([path, page]) => ('login' in page && page.login ? [path] : [])));

let server: ReturnType<typeof installServer>;
beforeEach(() => {
  server = installServer({});
  localStorage.clear();
});
afterEach(() => server.restore());

describe('screens that need a session', () => {
  it('include the wallet tab and every money screen', () => {
    for (const path of [P.wallet, P.assets, P.recharge, P.withdraw, P.transfer, P.convert, P.loanApply, P.desktopAssets]) expect(SESSION_SCREENS.has(path)).toBe(true);
    for (const path of [P.loginEmail, P.register, P.profile, P.notification, P.language, P.loan, P.desktopLoan]) expect(SESSION_SCREENS.has(path)).toBe(false);
  });

  it.each([...SESSION_SCREENS])('%s sends a visitor to login with "Please log in first", then back', async (url) => {
    const store = createStore();
    renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
    await waitFor(() => expect(window.location.pathname).toBe(P.loginEmail));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(url);
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual([sessionTexts.en.loginFirst]);
    expect(server.calls).toHaveLength(0);
  });
});

describe('mf_accounts route splitting', () => {
  it('preloads only the page of the current route', async () => {
    // a fresh module registry: the jest setup preloaded every page of the copy the other tests share
    let routes!: typeof import('../AppRoot');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- isolateModules needs a synchronous load
      routes = require('../AppRoot');
    });
    expect(routes.screenLoaded('/pages/wallet/index')).toBe(false);
    await routes.preloadScreen('/pages/wallet/index');
    expect(routes.screenLoaded('/pages/wallet/index')).toBe(true);
    expect(routes.screenLoaded('/pages/login/email-login')).toBe(false);
    expect(routes.screenLoaded('/pages/loan/index')).toBe(false);
  });
});
