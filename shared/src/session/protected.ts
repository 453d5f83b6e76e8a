import { navigate as platformNavigate } from '../navigation';
import { platformStore, type PlatformStore } from '../store';
import { isLoggedIn } from './actions';
import { KYC_TRADE_URL, LOGIN_PATH } from './keys';
import { sessionText } from './texts';
import { showToast } from '../ui/toast/toast';

/** The query parameter carrying where to return after logging in. */
export const REDIRECT_PARAM = 'redirect';
/** Where returnAfterLogin goes when there is no (acceptable) redirect. */
export const DEFAULT_AFTER_LOGIN = '/';

export interface NavigationDeps {
  store?: PlatformStore;
  navigate?: (url: string) => void;
  /** The current address; window.location by default. */
  location?: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>;
}

function resolve(deps: NavigationDeps) {
  return {
    store: deps.store ?? platformStore,
    navigate: deps.navigate ?? platformNavigate,
    location: deps.location ?? window.location,
  };
}

/** The login page that returns to `target` afterwards. */
export function loginUrl(target?: string | null): string {
  const safe = target ? safeRedirect(target) : null;
  return safe ? `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(safe)}` : LOGIN_PATH;
}

/**
 * The KYC screen opened for a trade, returning to `from` (the trade screen) once verified: the same `redirect`
 * parameter, and the same same-origin check, as the login's return.
 */
export function kycTradeUrl(from?: string | null): string {
  const safe = from ? safeRedirect(from) : null;
  return safe ? `${KYC_TRADE_URL}&${REDIRECT_PARAM}=${encodeURIComponent(safe)}` : KYC_TRADE_URL;
}

/**
 * `value` as a same-origin path (pathname, query, hash) when it is one, else null. Only relative paths that
 * start with a single "/" are honoured: absolute URLs, protocol-relative "//host", backslash tricks, other
 * schemes and control characters are refused (no open redirect), and so are the login pages themselves.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'https://meridian.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname.startsWith('/pages/login/') || url.pathname.startsWith('/pages/desktop/login')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Opens `targetUrl` when logged in. A visitor is told "Please log in first" and sent to the login page,
 * which returns to `targetUrl` after logging in (returnAfterLogin). Returns whether the target was opened.
 * Use it for protected pages and for customer service.
 */
export function requireLogin(targetUrl: string, deps: NavigationDeps = {}): boolean {
  const { store, navigate } = resolve(deps);
  if (isLoggedIn(store)) {
    navigate(targetUrl);
    return true;
  }
  showToast(store, sessionText('loginFirst'), 'info');
  navigate(loginUrl(targetUrl));
  return false;
}

/** The visitor is on a protected page already: toast and go to login, returning here afterwards. */
export function redirectToLogin(deps: NavigationDeps = {}): void {
  const { store, navigate, location } = resolve(deps);
  showToast(store, sessionText('loginFirst'), 'info');
  navigate(loginUrl(`${location.pathname}${location.search}${location.hash}`));
}

/**
 * After a successful login: goes back to the page named by the `redirect` parameter of the current address
 * when it is a same-origin path, otherwise to `fallback` (home). Returns the URL it went to.
 */
export function returnAfterLogin(deps: NavigationDeps & { fallback?: string } = {}): string {
  const { navigate, location } = resolve(deps);
  const requested = new URLSearchParams(location.search).get(REDIRECT_PARAM);
  const target = safeRedirect(requested) ?? deps.fallback ?? DEFAULT_AFTER_LOGIN;
  navigate(target);
  return target;
}
