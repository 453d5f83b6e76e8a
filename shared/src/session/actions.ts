import { RESET } from 'jotai/utils';
import type { i18n as I18n } from 'i18next';
import type { PlatformStore } from '../store';
import { LANGUAGE_CODES, type LanguageCode } from '../i18n/languages';
import {
  isDemoVersionAtom,
  isLoggedInAtom,
  langAtom,
  tokenAtom,
  typeUserAtom,
  userConfirmInvestDemoAtom,
  userInfoAtom,
  userInfoKycAtom,
  type TypeUser,
  type UserInfo,
} from './atoms';

/**
 * Stores a fresh login (token and, when known, the user). The user comes back in the mode they last chose, which
 * the server keeps (user info's accountMode), as after a reload (restoreMode).
 */
export function setSession(store: PlatformStore, session: { token: string; userInfo?: UserInfo | null }): void {
  store.set(tokenAtom, session.token);
  if (session.userInfo !== undefined) store.set(userInfoAtom, session.userInfo);
  if (session.userInfo) applyMode(store, session.userInfo.accountMode === 'demo' ? 'demo' : 'real');
}

/**
 * Stores the user as user/info answered it: the session follows the server (its kycStatus above all, which the
 * trade gate reads). Anything but a user record keeps the stored user, and an answer arriving after a logout
 * does not bring one back.
 */
export function applyUserInfo(store: PlatformStore, info: unknown): void {
  if (!store.get(isLoggedInAtom) || typeof info !== 'object' || info === null || Array.isArray(info)) return;
  if (typeof (info as UserInfo).uid !== 'string') return;
  store.set(userInfoAtom, info as UserInfo);
}

/**
 * Writes a KYC status the app learned elsewhere (idCard/info, a review push) into the stored user, so the trade
 * gate does not send a verified user back to KYC with the status of their login.
 */
export function applyKycStatus(store: PlatformStore, status: unknown): void {
  const info = store.get(userInfoAtom);
  if (!info || typeof status !== 'string' || !KYC_STATUSES.includes(status) || info.kycStatus === status) return;
  store.set(userInfoAtom, { ...info, kycStatus: status });
}

const KYC_STATUSES: readonly string[] = ['unverified', 'pending', 'verified', 'rejected'];

/** What a user push changes in the session itself, besides the queries it makes stale: a KYC review's status. */
export function applyPushToSession(store: PlatformStore, push: { action: string; [field: string]: unknown }): void {
  if (push.action === 'KYC') applyKycStatus(store, push.status);
}

/**
 * Logs out locally (spec §4): clears token, user info, KYC info and the demo flag, and resets the mode to
 * real. The persisted token and userInfo are removed from storage. The store's QueryClient sees the token go and
 * drops every cached answer (bindQueriesToSession, shared/src/query/session.ts).
 */
export function logout(store: PlatformStore): void {
  store.set(tokenAtom, RESET);
  store.set(userInfoAtom, RESET);
  store.set(userInfoKycAtom, null);
  store.set(isDemoVersionAtom, false);
  store.set(userConfirmInvestDemoAtom, false);
  store.set(typeUserAtom, 'real');
}

/**
 * Switches between the real and the demo account. This is the local state only; the caller makes the
 * account-switch call (POST asset/api/account/accountSwitch) first. A new mode asks the demo confirmation again,
 * and the store's QueryClient sees the mode change and resets its answers (bindQueriesToSession).
 */
export function switchMode(store: PlatformStore, mode: TypeUser): void {
  applyMode(store, mode);
  // The persisted user keeps the mode the server now remembers (user/info's accountMode), for restoreMode.
  const info = store.get(userInfoAtom);
  if (info && info.accountMode !== mode) store.set(userInfoAtom, { ...info, accountMode: mode });
}

/**
 * After a reload, puts a logged-in user back in the mode they last chose (the accountMode of their user info,
 * which the server also keeps), so a demo session never turns into the real account without the user asking.
 */
export function restoreMode(store: PlatformStore): void {
  const info = store.get(userInfoAtom);
  if (store.get(isLoggedInAtom) && info?.accountMode === 'demo') applyMode(store, 'demo');
}

function applyMode(store: PlatformStore, mode: TypeUser): void {
  if (store.get(typeUserAtom) !== mode) store.set(userConfirmInvestDemoAtom, false);
  store.set(typeUserAtom, mode);
  store.set(isDemoVersionAtom, mode === 'demo');
}

export function isLoggedIn(store: PlatformStore): boolean {
  return store.get(isLoggedInAtom);
}

/** The current token, or null for a visitor. */
export function getToken(store: PlatformStore): string | null {
  return store.get(tokenAtom) || null;
}

/** The cookie mirroring the chosen language (server/src/modules/platform/app-shell.ts preloads its texts). */
export const LANGUAGE_COOKIE = 'lang';

/** Chooses the language: persisted under "lang", and applied to i18n when `bindLanguage` is active. */
export function setLanguage(store: PlatformStore, lang: LanguageCode): void {
  store.set(langAtom, lang);
}

/**
 * Keeps the stored language and the i18n instance together, both ways: the persisted choice is applied at
 * once, a change of `langAtom` changes i18n, and `i18n.changeLanguage(code)` called elsewhere is stored.
 * Returns the function that stops it.
 */
export function bindLanguage(store: PlatformStore, i18n: Pick<I18n, 'language' | 'changeLanguage' | 'on' | 'off'>): () => void {
  const apply = () => {
    const lang = store.get(langAtom);
    // the server cannot read localStorage: the cookie tells it which texts to name in the page's first answer
    if (typeof document !== 'undefined') document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  };
  const remember = (lng: string) => {
    if ((LANGUAGE_CODES as string[]).includes(lng) && store.get(langAtom) !== lng) store.set(langAtom, lng as LanguageCode);
  };
  apply();
  const unsubscribe = store.sub(langAtom, apply);
  i18n.on('languageChanged', remember);
  return () => {
    unsubscribe();
    i18n.off('languageChanged', remember);
  };
}
