import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { createStore } from 'jotai';
import { ApiError, http as platformHttp, request } from './client';
import { installRequestConventions, langHeaderFor, loginFromFor } from './conventions';
import { langAtom, tokenAtom, typeUserAtom, userInfoAtom, userInfoKycAtom, isDemoVersionAtom } from '../session/atoms';
import { setSession, switchMode } from '../session/actions';
import { toastsAtom } from '../ui/toast/toast';
import { LANGUAGE_CODES } from '../i18n/languages';

type Store = ReturnType<typeof createStore>;

const reply =
  (body: unknown, status = 200): AxiosAdapter =>
  async (config) => {
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
const networkDown: AxiosAdapter = async (config) => {
  throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
};

interface Setup {
  store: Store;
  client: AxiosInstance;
  navigate: jest.Mock;
  sent: InternalAxiosRequestConfig[];
  width: { value: number };
  href: { value: string };
  online: { value: boolean };
  uninstall: () => void;
}

function setup(adapter: AxiosAdapter = reply({ code: 0, msg: '', data: 'ok' })): Setup {
  const store = createStore();
  const sent: InternalAxiosRequestConfig[] = [];
  const client = axios.create({
    adapter: (config) => {
      sent.push(config);
      return adapter(config);
    },
  });
  const navigate = jest.fn();
  const width = { value: 375 };
  const href = { value: 'http://localhost/pages/home/index' };
  const online = { value: true };
  const uninstall = installRequestConventions(client, {
    store,
    navigate,
    readWidth: () => width.value,
    readHref: () => href.value,
    isOnline: () => online.value,
  });
  return { store, client, navigate, sent, width, href, online, uninstall };
}

const toastTexts = (store: Store) => store.get(toastsAtom).map((t) => t.text);
const headerOf = (config: InternalAxiosRequestConfig | undefined, name: string) => AxiosHeaders.from(config?.headers ?? {}).get(name);

afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

describe('request headers', () => {
  it.each([
    ['en', 'en'],
    ['hk', 'zh-HK'],
    ['zh', 'zh'],
    ['kr', 'ko'],
    ['jp', 'ja'],
    ['ge', 'ge'],
    ['fr', 'fr'],
    ['it', 'it'],
    ['ru', 'ru'],
  ] as const)('sends lang %s as %s', async (code, header) => {
    expect(LANGUAGE_CODES).toContain(code);
    const { store, client, sent } = setup();
    store.set(langAtom, code);
    await client.get('/x');
    expect(headerOf(sent[0], 'lang')).toBe(header);
  });

  it('maps with the spec defaults: fr when there is no language, other codes as they are', () => {
    expect(langHeaderFor('')).toBe('fr');
    expect(langHeaderFor(null)).toBe('fr');
    expect(langHeaderFor(undefined)).toBe('fr');
    expect(langHeaderFor('es')).toBe('es');
  });

  it('sends lang fr when the store has no language', async () => {
    const { store, client, sent } = setup();
    store.set(langAtom, '' as never);
    await client.get('/x');
    expect(headerOf(sent[0], 'lang')).toBe('fr');
  });

  it('sends loginFrom WEB on a desktop page address, H5 otherwise', async () => {
    const { client, sent, href } = setup();
    href.value = 'http://localhost/pages/desktop/market';
    await client.get('/x');
    href.value = 'http://localhost/pages/trade-margin/index';
    await client.get('/x');
    expect(headerOf(sent[0], 'loginFrom')).toBe('WEB');
    expect(headerOf(sent[1], 'loginFrom')).toBe('H5');
    expect(loginFromFor('https://m.example/?view=desktop')).toBe('WEB');
  });

  it('sends userType real by default and demo in demo mode', async () => {
    const { store, client, sent } = setup();
    await client.get('/x');
    switchMode(store, 'demo');
    await client.get('/x');
    store.set(typeUserAtom, '' as never);
    await client.get('/x');
    expect(sent.map((c) => headerOf(c, 'userType'))).toEqual(['real', 'demo', 'real']);
  });

  it('sends the token header only when logged in', async () => {
    const { store, client, sent } = setup();
    await client.get('/x');
    setSession(store, { token: 'tok-9' });
    await client.get('/x');
    expect(headerOf(sent[0], 'token')).toBeUndefined();
    expect(headerOf(sent[1], 'token')).toBe('tok-9');
  });

  it('keeps a header the caller set', async () => {
    const { store, client, sent } = setup();
    setSession(store, { token: 'tok-9' });
    await client.get('/x', { headers: { lang: 'en', token: 'other' } });
    expect(headerOf(sent[0], 'lang')).toBe('en');
    expect(headerOf(sent[0], 'token')).toBe('other');
  });

  it('stops when uninstalled', async () => {
    const { client, sent, uninstall } = setup();
    uninstall();
    await client.get('/x');
    expect(headerOf(sent[0], 'loginFrom')).toBeUndefined();
  });
});

describe('response envelope', () => {
  it.each([0, 200, '0'])('passes code %j through', async (code) => {
    const { store, client } = setup(reply({ code, msg: 'fine', data: { a: '1.50' } }));
    await expect(client.get('/x')).resolves.toMatchObject({ data: { data: { a: '1.50' } } });
    expect(toastTexts(store)).toEqual([]);
  });

  it('passes non-envelope bodies through (static files, text)', async () => {
    const { client } = setup(reply('plain text'));
    await expect(client.get('/x')).resolves.toMatchObject({ data: 'plain text' });
  });

  it('shows msg as a toast and rejects any other code with ApiError', async () => {
    const { store, client, navigate } = setup(reply({ code: 500, msg: 'Insufficient balance', data: null }));
    const failure = client.get('/x');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 500, message: 'Insufficient balance', notified: true });
    expect(toastTexts(store)).toEqual(['Insufficient balance']);
    expect(store.get(toastsAtom)[0]?.kind).toBe('error');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('handles an envelope on an HTTP error status the same way', async () => {
    const { store, client } = setup(reply({ code: 400, msg: 'Invalid amount', data: null }, 400));
    await expect(client.get('/x')).rejects.toMatchObject({ name: 'ApiError', code: 400, message: 'Invalid amount' });
    expect(toastTexts(store)).toEqual(['Invalid amount']);
  });

  it('shows no toast for a silent request, but still rejects', async () => {
    const { store, client } = setup(reply({ code: 500, msg: 'Out of trading time', data: null }));
    await expect(client.get('/x', { silent: true })).rejects.toMatchObject({ code: 500, notified: false });
    expect(toastTexts(store)).toEqual([]);
  });

  it('works with the shared request() helper', async () => {
    const store = createStore();
    const uninstall = installRequestConventions(platformHttp, { store, navigate: jest.fn(), readWidth: () => 375 });
    try {
      await expect(request({ url: '/x', adapter: reply({ code: 200, msg: '', data: [1] }) })).resolves.toEqual([1]);
      await expect(request({ url: '/x', adapter: reply({ code: 7, msg: 'Invalid code', data: null }) })).rejects.toEqual(new ApiError(7, 'Invalid code'));
      expect(toastTexts(store)).toEqual(['Invalid code']);
    } finally {
      uninstall();
    }
  });
});

describe('session expiry (301, 999)', () => {
  it.each([301, 999])('code %i: toast, user cleared, login after 500 ms on a narrow screen', async (code) => {
    jest.useFakeTimers();
    const { store, client, navigate } = setup(reply({ code, msg: 'token invalid', data: null }));
    setSession(store, { token: 'tok', userInfo: { uid: 1 } });
    store.set(userInfoKycAtom, { status: 1 });
    switchMode(store, 'demo');

    await expect(client.get('/x')).rejects.toMatchObject({ name: 'ApiError', code });

    expect(toastTexts(store)).toEqual(['Login session expired']);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(store.get(userInfoKycAtom)).toBeNull();
    expect(store.get(isDemoVersionAtom)).toBe(false);
    expect(store.get(typeUserAtom)).toBe('real');
    expect(localStorage.getItem('token')).toBeNull();
    jest.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/pages/login/email-login');
  });

  it('goes to login at width 1000 exactly', async () => {
    jest.useFakeTimers();
    const { client, navigate, width } = setup(reply({ code: 301, msg: '', data: null }));
    width.value = 1000;
    await expect(client.get('/x')).rejects.toMatchObject({ code: 301 });
    jest.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledWith('/pages/login/email-login');
  });

  it('does not leave the page on a wide screen', async () => {
    jest.useFakeTimers();
    const { store, client, navigate, width } = setup(reply({ code: 999, msg: '', data: null }));
    width.value = 1001;
    setSession(store, { token: 'tok' });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 999 });
    expect(toastTexts(store)).toEqual(['Login session expired']);
    expect(store.get(tokenAtom)).toBeNull();
    jest.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not leave a desktop page', async () => {
    jest.useFakeTimers();
    const { client, navigate, href } = setup(reply({ code: 301, msg: '', data: null }));
    href.value = 'http://localhost/pages/desktop/trade';
    await expect(client.get('/x')).rejects.toMatchObject({ code: 301 });
    jest.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to login once for many expired requests, and not when already there', async () => {
    jest.useFakeTimers();
    const { store, client, navigate, href } = setup(reply({ code: 301, msg: '', data: null }));
    await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(toastTexts(store)).toEqual(['Login session expired']);
    jest.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledTimes(1);

    href.value = 'http://localhost/pages/login/email-login?redirect=%2Fpages%2Fwallet%2Findex';
    await expect(client.get('/d')).rejects.toMatchObject({ code: 301 });
    jest.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('shows the expiry text in the current language', async () => {
    const { i18n } = await import('../i18n/instance');
    const { store, client } = setup(reply({ code: 301, msg: '', data: null }));
    await i18n.changeLanguage('jp');
    try {
      await expect(client.get('/x')).rejects.toMatchObject({ code: 301 });
      expect(toastTexts(store)).toEqual(['ログインの有効期限が切れました']);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('KYC refusal', () => {
  it('shows the message and opens the KYC screen with type trade, returning to this page once verified', async () => {
    const { store, client, navigate, href } = setup(reply({ code: 500, msg: 'Please, KYC this account before trade!', data: null }));
    href.value = 'http://localhost/pages/smart-pool/index?id=3';
    await expect(client.post('/asset/api/smartPool/buy')).rejects.toMatchObject({ message: 'Please, KYC this account before trade!' });
    expect(toastTexts(store)).toEqual(['Please, KYC this account before trade!']);
    expect(navigate).toHaveBeenCalledWith('/pages/profile/kyc-verification/index?type=trade&redirect=%2Fpages%2Fsmart-pool%2Findex%3Fid%3D3');
  });

  it('does not open it for other messages', async () => {
    const { client, navigate } = setup(reply({ code: 500, msg: 'You need to pass KYC to trade', data: null }));
    await expect(client.post('/x')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('user/info answers', () => {
  it('store the user in the session, whichever screen asked: a KYC verified since login is known at once', async () => {
    const { store, client } = setup(reply({ code: 0, msg: 'success', data: { uid: '7', nickname: 'ann', kycStatus: 'verified' } }));
    setSession(store, { token: 'tok', userInfo: { uid: '7', nickname: 'ann', kycStatus: 'unverified' } });
    await client.post('/asset/api/user/info');
    expect(store.get(userInfoAtom)).toEqual({ uid: '7', nickname: 'ann', kycStatus: 'verified' });
  });

  it('other answers, refusals and answers after a logout leave it alone', async () => {
    const { store, client } = setup(reply({ code: 0, msg: 'success', data: { uid: '9', kycStatus: 'verified' } }));
    setSession(store, { token: 'tok', userInfo: { uid: '7', kycStatus: 'unverified' } });
    await client.post('/asset/api/user/other');
    expect(store.get(userInfoAtom)).toEqual({ uid: '7', kycStatus: 'unverified' });
    const refused = setup(reply({ code: 500, msg: 'no', data: { uid: '9', kycStatus: 'verified' } }));
    setSession(refused.store, { token: 'tok', userInfo: { uid: '7', kycStatus: 'unverified' } });
    await expect(refused.client.post('/asset/api/user/info')).rejects.toBeInstanceOf(ApiError);
    expect(refused.store.get(userInfoAtom)).toEqual({ uid: '7', kycStatus: 'unverified' });
    const visitor = setup(reply({ code: 0, msg: 'success', data: { uid: '9', kycStatus: 'verified' } }));
    await visitor.client.post('/asset/api/user/info');
    expect(visitor.store.get(userInfoAtom)).toBeNull();
  });
});

describe('network failures', () => {
  it('shows the no-network text for a network error without response', async () => {
    const { store, client } = setup(networkDown);
    await expect(client.get('/x')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    expect(toastTexts(store)).toEqual(['No network, please connect and retry']);
  });

  it('shows it for any failure while the browser is offline', async () => {
    const { store, client, online } = setup(async (config) => {
      throw new AxiosError('timeout of 60000ms exceeded', 'ECONNABORTED', config, {});
    });
    online.value = false;
    await expect(client.get('/x')).rejects.toMatchObject({ code: 'ECONNABORTED' });
    expect(toastTexts(store)).toEqual(['No network, please connect and retry']);
  });

  it('does not show it for a time-out while online, nor for a cancelled request', async () => {
    const { store, client } = setup(async (config) => {
      throw new AxiosError('timeout of 60000ms exceeded', 'ECONNABORTED', config, {});
    });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 'ECONNABORTED' });
    const controller = new AbortController();
    controller.abort();
    await expect(client.get('/x', { signal: controller.signal })).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    expect(toastTexts(store)).toEqual([]);
  });

  it('does not show it for an HTTP error without envelope', async () => {
    const { store, client } = setup(reply('<html>502</html>', 502));
    await expect(client.get('/x')).rejects.toMatchObject({ response: { status: 502 } });
    expect(toastTexts(store)).toEqual([]);
  });

  it('the platform client times out after 60 s', () => {
    expect(platformHttp.defaults.timeout).toBe(60_000);
  });
});
