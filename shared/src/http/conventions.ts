import axios, { type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { identity } from '@meridian/contracts';
import type { PlatformStore } from '../store';
import { ApiError, isSuccess, type Envelope } from './client';
import { langAtom, tokenAtom, typeUserAtom } from '../session/atoms';
import { applyUserInfo, logout } from '../session/actions';
import { KYC_REQUIRED_MESSAGE, KYC_REQUIRED_REASON, LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS, SESSION_EXPIRED_CODES } from '../session/keys';
import { kycTradeUrl } from '../session/protected';
import { sessionText } from '../session/texts';
import { showToast } from '../ui/toast/toast';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Failures of this request show no toast (background polling, or a screen that shows the error
     * itself). Session expiry is still handled.
     */
    silent?: boolean;
  }
}

/** Widths up to this are narrow (mobile) screens (spec: desktop above 1000 px). */
export const NARROW_MAX_WIDTH = 1000;

/** Header names the server reads (spec §7). */
export const HEADERS = { token: 'token', lang: 'lang', userType: 'userType', loginFrom: 'loginFrom' } as const;

const LANG_HEADER_VALUES: Record<string, string> = { jp: 'ja', kr: 'ko', hk: 'zh-HK' };

/** The lang header for a language code: fr when there is none; jp → ja, kr → ko, hk → zh-HK; others as they are. */
export function langHeaderFor(lang: string | null | undefined): string {
  if (!lang) return 'fr';
  return LANG_HEADER_VALUES[lang] ?? lang;
}

/** The loginFrom header: WEB when the page address contains "desktop", otherwise H5. */
export function loginFromFor(href: string): 'WEB' | 'H5' {
  return href.includes('desktop') ? 'WEB' : 'H5';
}

/** The convention headers for the current state of `store` (token only when logged in). */
export function conventionHeaders(store: PlatformStore, href: string): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.lang]: langHeaderFor(store.get(langAtom)),
    [HEADERS.userType]: store.get(typeUserAtom) || 'real',
    [HEADERS.loginFrom]: loginFromFor(href),
  };
  const token = store.get(tokenAtom);
  if (token) headers[HEADERS.token] = token;
  return headers;
}

export interface RequestConventionsOptions {
  store: PlatformStore;
  /** Platform navigation (shared `navigate`). */
  navigate: (url: string) => void;
  /** The viewport width (the shell's readWidth: 375 when unreadable). */
  readWidth: () => number;
  /** The page address; window.location.href by default. */
  readHref?: () => string;
  /** navigator.onLine by default. */
  isOnline?: () => boolean;
}

function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null || !('code' in body)) return false;
  const code = (body as { code: unknown }).code;
  return typeof code === 'number' || (typeof code === 'string' && code.trim() !== '' && Number.isFinite(Number(code)));
}

const defaultHref = () => (typeof window === 'undefined' ? '' : window.location.href);
const defaultOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Installs the request conventions (spec §7–8) on an axios instance:
 * - request: token (when logged in), lang, userType and loginFrom headers; a header the caller set is kept;
 * - response: an envelope with code 0 or 200 passes; any other code shows msg as a toast and rejects with
 *   ApiError; 301 and 999 end the session (toast, logout, and on narrow non-desktop screens the login page
 *   after 500 ms); the KYC refusal also opens the KYC screen (returning to this page once verified); an offline
 *   failure shows the no-network toast;
 * - every user/info answer, whichever screen asked, is stored as the session's user (its KYC status included).
 * Returns the function that removes them.
 */
export function installRequestConventions(http: AxiosInstance, options: RequestConventionsOptions): () => void {
  const { store, navigate, readWidth, readHref = defaultHref, isOnline = defaultOnline } = options;
  let loginRedirect: ReturnType<typeof setTimeout> | undefined;

  const expireSession = () => {
    showToast(store, sessionText('sessionExpired'), 'error');
    logout(store);
    const narrow = readWidth() <= NARROW_MAX_WIDTH && loginFromFor(readHref()) === 'H5';
    if (narrow && loginRedirect === undefined) {
      loginRedirect = setTimeout(() => {
        loginRedirect = undefined;
        // a protected page may have sent the user to login (with its return address) meanwhile
        if (!pathOf(readHref()).startsWith('/pages/login/')) navigate(LOGIN_PATH);
      }, LOGIN_REDIRECT_DELAY_MS);
    }
  };

  const refuse = (envelope: Envelope, config: InternalAxiosRequestConfig | undefined): ApiError => {
    const code = Number(envelope.code);
    const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
    if (SESSION_EXPIRED_CODES.includes(code)) {
      expireSession();
      return new ApiError(code, msg || sessionText('sessionExpired'), { notified: true });
    }
    const silent = config?.silent === true;
    if (msg && !silent) showToast(store, msg, 'error');
    if (envelope.reason === KYC_REQUIRED_REASON || msg.trim() === KYC_REQUIRED_MESSAGE) navigate(kycTradeUrl(pageOf(readHref())));
    return new ApiError(code, msg, { notified: Boolean(msg) && !silent, reason: envelope.reason });
  };

  const requestId = http.interceptors.request.use((config) => {
    const headers = conventionHeaders(store, readHref());
    for (const [name, value] of Object.entries(headers)) {
      if (!config.headers.has(name)) config.headers.set(name, value);
    }
    return config;
  });

  const responseId = http.interceptors.response.use(
    (response: AxiosResponse) => {
      const body: unknown = response.data;
      if (!isEnvelope(body)) return response;
      if (isSuccess({ code: Number(body.code) })) {
        if (pathOf(response.config.url ?? '') === identity.info.path) applyUserInfo(store, body.data);
        return response;
      }
      return Promise.reject(refuse(body, response.config));
    },
    (error: unknown) => {
      if (axios.isCancel(error) || !axios.isAxiosError(error)) return Promise.reject(error);
      const failure = error as AxiosError;
      const body: unknown = failure.response?.data;
      if (isEnvelope(body) && !isSuccess({ code: Number(body.code) })) return Promise.reject(refuse(body, failure.config));
      if (!failure.response && (!isOnline() || failure.code === 'ERR_NETWORK')) {
        if (failure.config?.silent !== true) showToast(store, sessionText('noNetwork'), 'error');
      }
      return Promise.reject(error);
    },
  );

  return () => {
    http.interceptors.request.eject(requestId);
    http.interceptors.response.eject(responseId);
    clearTimeout(loginRedirect);
    loginRedirect = undefined;
  };
}

/** The page's path and query, for a return address ('' when unreadable). */
function pageOf(href: string): string {
  try {
    const url = new URL(href, 'http://localhost');
    return `${url.pathname}${url.search}`;
  } catch {
    return '';
  }
}

function pathOf(href: string): string {
  try {
    return new URL(href, 'http://localhost').pathname;
  } catch {
    return '';
  }
}
