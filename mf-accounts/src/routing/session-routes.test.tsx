import { waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { toastsAtom } from '@meridian/shared';
import { renderWithPlatform, sessionTexts } from '@meridian/shared/testing';
import { App } from '../AppRoot';
import { NS } from '../i18n';
import { translations } from '../all-texts';
import { installServer } from '../components/money/test-server';
import { P } from '../paths';
import { SESSION_SCREENS } from './session-routes';

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
