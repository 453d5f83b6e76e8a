import { act, renderHook } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import i18next, { createInstance } from 'i18next';
import {
  isDemoVersionAtom,
  isLoggedInAtom,
  langAtom,
  tokenAtom,
  typeUserAtom,
  userConfirmInvestDemoAtom,
  userInfoAtom,
  userInfoKycAtom,
} from './atoms';
import { applyKycStatus, bindLanguage, getToken, isLoggedIn, logout, restoreMode, setSession, switchMode } from './actions';
import { useIsLoggedIn, useSession, useTypeUser } from './hooks';
import { sessionText } from './texts';
import { sessionTexts } from '../testing/shared-texts';
import { LANGUAGE_CODES } from '../i18n/languages';

afterEach(() => localStorage.clear());

describe('session actions', () => {
  it('applyKycStatus writes a known KYC status into the stored user, and nothing without one', () => {
    const store = createStore();
    applyKycStatus(store, 'verified');
    expect(store.get(userInfoAtom)).toBeNull();
    setSession(store, { token: 't-1', userInfo: { uid: '5', kycStatus: 'unverified' } });
    applyKycStatus(store, 'verified');
    expect(store.get(userInfoAtom)).toEqual({ uid: '5', kycStatus: 'verified' });
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toMatchObject({ kycStatus: 'verified' });
    applyKycStatus(store, 'nonsense');
    expect(store.get(userInfoAtom)).toEqual({ uid: '5', kycStatus: 'verified' });
  });

  it('setSession stores the token and the user, and persists both', () => {
    const store = createStore();
    expect(isLoggedIn(store)).toBe(false);
    setSession(store, { token: 't-1', userInfo: { uid: 5 } });
    expect(getToken(store)).toBe('t-1');
    expect(store.get(userInfoAtom)).toEqual({ uid: 5 });
    expect(isLoggedIn(store)).toBe(true);
    expect(localStorage.getItem('token')).toBe('"t-1"');
    expect(localStorage.getItem('userInfo')).toBe('{"uid":5}');
  });

  it('logout clears token, user, KYC and demo state and resets the mode to real', () => {
    const store = createStore();
    setSession(store, { token: 't-1', userInfo: { uid: 5 } });
    store.set(userInfoKycAtom, { status: 'verified' });
    switchMode(store, 'demo');
    store.set(userConfirmInvestDemoAtom, true);
    store.set(langAtom, 'fr');

    logout(store);

    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(store.get(userInfoKycAtom)).toBeNull();
    expect(store.get(isDemoVersionAtom)).toBe(false);
    expect(store.get(userConfirmInvestDemoAtom)).toBe(false);
    expect(store.get(typeUserAtom)).toBe('real');
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    // the app state is not the session: the language stays
    expect(store.get(langAtom)).toBe('fr');
  });

  it('switchMode sets the mode and the demo flag, and asks the demo confirmation again', () => {
    const store = createStore();
    switchMode(store, 'demo');
    expect(store.get(typeUserAtom)).toBe('demo');
    expect(store.get(isDemoVersionAtom)).toBe(true);
    store.set(userConfirmInvestDemoAtom, true);
    switchMode(store, 'demo');
    expect(store.get(userConfirmInvestDemoAtom)).toBe(true);
    switchMode(store, 'real');
    expect(store.get(typeUserAtom)).toBe('real');
    expect(store.get(isDemoVersionAtom)).toBe(false);
    expect(store.get(userConfirmInvestDemoAtom)).toBe(false);
  });

  it('a reload puts a logged-in user back in the mode last chosen; a visitor or a real user stays real', () => {
    const store = createStore();
    setSession(store, { token: 'tok-1', userInfo: { uid: '100001', accountMode: 'real' } });
    switchMode(store, 'demo');
    // the persisted user follows the mode (the mode itself is not a persisted key of the spec)
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({ uid: '100001', accountMode: 'demo' });

    // what a reload leaves: the persisted session, the mode back at its default
    store.set(typeUserAtom, 'real');
    store.set(isDemoVersionAtom, false);
    restoreMode(store);
    expect(store.get(typeUserAtom)).toBe('demo');
    expect(store.get(isDemoVersionAtom)).toBe(true);

    switchMode(store, 'real');
    restoreMode(store);
    expect(store.get(typeUserAtom)).toBe('real');

    // logging in again restores the mode the server kept for the user
    const next = createStore();
    setSession(next, { token: 'tok-2', userInfo: { uid: '100001', accountMode: 'demo' } });
    expect(next.get(typeUserAtom)).toBe('demo');

    const visitor = createStore();
    visitor.set(userInfoAtom, { uid: '100001', accountMode: 'demo' });
    visitor.set(tokenAtom, null);
    restoreMode(visitor);
    expect(visitor.get(typeUserAtom)).toBe('real');
  });

  it('bindLanguage applies the stored language to i18n and follows both ways', async () => {
    const instance = createInstance();
    await instance.init({ lng: 'en', resources: {}, showSupportNotice: false } as Parameters<typeof instance.init>[0]);
    const store = createStore();
    store.set(langAtom, 'kr');
    const stop = bindLanguage(store, instance);
    expect(instance.language).toBe('kr');
    expect(document.cookie).toContain('lang=kr');
    store.set(langAtom, 'ge');
    expect(instance.language).toBe('ge');
    // the server names the chosen language's texts in the first answer of the next page load
    expect(document.cookie).toContain('lang=ge');
    await instance.changeLanguage('hk');
    expect(store.get(langAtom)).toBe('hk');
    await instance.changeLanguage('xx'); // not one of the nine: not stored
    expect(store.get(langAtom)).toBe('hk');
    stop();
    store.set(langAtom, 'it');
    expect(instance.language).toBe('xx');
  });
});

describe('session hooks', () => {
  it('follow the store and expose the actions', () => {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => ({ session: useSession(), loggedIn: useIsLoggedIn(), typeUser: useTypeUser() }), { wrapper });
    expect(result.current.loggedIn).toBe(false);
    expect(result.current.typeUser).toBe('real');

    act(() => result.current.session.setSession({ token: 'abc', userInfo: { nickname: 'Ann' } }));
    expect(result.current.loggedIn).toBe(true);
    expect(result.current.session).toMatchObject({ token: 'abc', userInfo: { nickname: 'Ann' }, isLoggedIn: true });

    act(() => result.current.session.switchMode('demo'));
    expect(result.current.typeUser).toBe('demo');
    expect(result.current.session.isDemoVersion).toBe(true);

    act(() => result.current.session.logout());
    expect(result.current.loggedIn).toBe(false);
    expect(result.current.typeUser).toBe('real');
    expect(result.current.session.userInfo).toBeNull();
  });
});

describe('session texts', () => {
  it('exist in all nine languages, translated, with the spec English', async () => {
    const keys = Object.keys(sessionTexts.en).sort();
    for (const code of LANGUAGE_CODES) {
      expect(Object.keys(sessionTexts[code]).sort()).toEqual(keys);
      for (const key of keys) expect(sessionTexts[code][key as keyof typeof sessionTexts.en]).toBeTruthy();
      if (code === 'en') continue;
      for (const key of keys) {
        if (code === 'fr' && key === 'notifications') continue; // "Notifications" is French too
        expect(sessionTexts[code][key as keyof typeof sessionTexts.en]).not.toEqual(sessionTexts.en[key as keyof typeof sessionTexts.en]);
      }
    }
    expect(sessionTexts.en).toMatchObject({
      sessionExpired: 'Login session expired',
      noNetwork: 'No network, please connect and retry',
      backOnline: 'Connect internet successfully',
      loginFirst: 'Please log in first',
    });
    await i18next.changeLanguage('ru');
    expect(sessionText('loginFirst')).toBe('Vui lòng đăng nhập trước');
    await i18next.changeLanguage('en');
    expect(sessionText('loginFirst')).toBe('Please log in first');
  });
});
