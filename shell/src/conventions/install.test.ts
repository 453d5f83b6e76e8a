import axios, { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { createStore } from 'jotai';
import { createInstance } from 'i18next';
import { langAtom, setSession, toastsAtom, tokenAtom } from '@meridian/shared';
import { installConventions } from './install';
import { watchConnectivity } from './connectivity';

type Store = ReturnType<typeof createStore>;
const toastTexts = (store: Store) => store.get(toastsAtom).map((t) => t.text);

afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

describe('online/offline toasts', () => {
  it('going offline shows the no-network text; coming back the recovery text', () => {
    const store = createStore();
    const stop = watchConnectivity(store);
    window.dispatchEvent(new Event('offline'));
    expect(toastTexts(store)).toEqual(['No network, please connect and retry']);
    expect(store.get(toastsAtom)[0]?.kind).toBe('error');
    window.dispatchEvent(new Event('online'));
    expect(toastTexts(store)).toEqual(['No network, please connect and retry', 'Connect internet successfully']);
    expect(store.get(toastsAtom)[1]?.kind).toBe('success');
    stop();
  });

  it('stops listening', () => {
    const store = createStore();
    watchConnectivity(store)();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(toastTexts(store)).toEqual([]);
  });
});

describe('installConventions', () => {
  function setup() {
    const store = createStore();
    const sent: InternalAxiosRequestConfig[] = [];
    let body: unknown = { code: 0, msg: '', data: null };
    const http = axios.create({
      adapter: async (config) => {
        sent.push(config);
        return { data: body, status: 200, statusText: 'OK', headers: {}, config };
      },
    });
    const navigate = jest.fn();
    const events = new EventTarget() as unknown as Window;
    const answer = (next: unknown) => {
      body = next;
    };
    return { store, http, navigate, events, sent, answer };
  }

  it('wires the request conventions, the connectivity toasts and the language, and removes them all', async () => {
    jest.useFakeTimers();
    const { store, http, navigate, events, sent, answer } = setup();
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: {}, showSupportNotice: false } as Parameters<typeof i18n.init>[0]);
    store.set(langAtom, 'jp');
    setSession(store, { token: 'tok' });

    const uninstall = installConventions({ store, http, navigate, readWidth: () => 375, i18n, events, readHref: () => 'http://localhost/pages/wallet/index' });

    expect(i18n.language).toBe('jp');
    await http.get('/x');
    const headers = AxiosHeaders.from(sent[0]!.headers);
    expect(headers.get('token')).toBe('tok');
    expect(headers.get('lang')).toBe('ja');
    expect(headers.get('userType')).toBe('real');
    expect(headers.get('loginFrom')).toBe('H5');

    await i18n.changeLanguage('hk');
    await http.get('/x');
    expect(AxiosHeaders.from(sent[1]!.headers).get('lang')).toBe('zh-HK');

    answer({ code: 999, msg: '', data: null });
    await expect(http.get('/x')).rejects.toMatchObject({ name: 'ApiError', code: 999 });
    expect(store.get(tokenAtom)).toBeNull();
    jest.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledWith('/pages/login/email-login');

    events.dispatchEvent(new Event('offline'));
    expect(toastTexts(store)).toContain('No network, please connect and retry');

    uninstall();
    await expect(http.get('/x')).resolves.toBeDefined();
    expect(AxiosHeaders.from(sent[3]!.headers).has('loginFrom')).toBe(false);
    events.dispatchEvent(new Event('online'));
    expect(toastTexts(store)).not.toContain('Connect internet successfully');
    store.set(langAtom, 'it');
    expect(i18n.language).toBe('hk');
  });

  it('uses the width it is given to decide on the login redirect', async () => {
    jest.useFakeTimers();
    const { store, http, navigate, events, answer } = setup();
    const uninstall = installConventions({ store, http, navigate, readWidth: () => 1280, events, readHref: () => 'http://localhost/pages/wallet/index' });
    answer({ code: 301, msg: '', data: null });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 301 });
    jest.advanceTimersByTime(1000);
    expect(navigate).not.toHaveBeenCalled();
    expect(toastTexts(store)).toEqual(['Login session expired']);
    uninstall();
  });
});
