import { atom } from 'jotai';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../i18n/languages';
import { STORAGE_KEYS } from './keys';
import { isNonEmptyString, isPlainObject, persistedAtom } from './persisted';

/** Real account or demo (trial) account. */
export type TypeUser = 'real' | 'demo';
export type Theme = 'light' | 'dark';

/** The logged-in user as the server returns it (field names are the server's; see the API types). */
export type UserInfo = Record<string, unknown>;
/** The user's KYC (identity verification) record. */
export type UserInfoKyc = Record<string, unknown>;
/** The last selected currency: a code or the currency object the screen chose. */
export type SelectedCurrency = string | Record<string, unknown>;
/** Last viewed currency (trading-investment §3). */
export interface LastCurrencyObject {
  symbol: string;
  isIco: 0 | 1;
  [field: string]: unknown;
}
/** Last viewed forex pair. */
export interface LastForexObject {
  symbol: string;
  [field: string]: unknown;
}

export const DEFAULT_THEME: Theme = 'light';
export const DEFAULT_TYPE_USER: TypeUser = 'real';
export const DEFAULT_TRADE_TYPE = 'crypto';
export const DEFAULT_LAST_CURRENCY: Readonly<LastCurrencyObject> = Object.freeze({ symbol: 'BTCUSDT', isIco: 0 as const });
export const DEFAULT_LAST_FOREX: Readonly<LastForexObject> = Object.freeze({ symbol: 'AUDCAD' });

const isTheme = (v: unknown): v is Theme => v === 'light' || v === 'dark';
const isLanguage = (v: unknown): v is LanguageCode => typeof v === 'string' && (LANGUAGE_CODES as string[]).includes(v);
const isTokenOrNull = (v: unknown): v is string | null => v === null || isNonEmptyString(v);
const isObjectOrNull = (v: unknown): v is UserInfo | null => v === null || isPlainObject(v);
const isCurrencyOrNull = (v: unknown): v is SelectedCurrency | null => v === null || isNonEmptyString(v) || isPlainObject(v);
const isLastCurrency = (v: unknown): v is LastCurrencyObject =>
  isPlainObject(v) && isNonEmptyString(v.symbol) && (v.isIco === 0 || v.isIco === 1);
const isLastForex = (v: unknown): v is LastForexObject => isPlainObject(v) && isNonEmptyString(v.symbol);

// ---- session (shell-accounts-money §3) ----

/** Login token; null for a visitor. Persisted under "token". */
export const tokenAtom = persistedAtom<string | null>(STORAGE_KEYS.token, null, isTokenOrNull);
/** The logged-in user. Persisted under "userInfo". */
export const userInfoAtom = persistedAtom<UserInfo | null>(STORAGE_KEYS.userInfo, null, isObjectOrNull);
/** The user's KYC record (not persisted: it is fetched again after a reload). */
export const userInfoKycAtom = atom<UserInfoKyc | null>(null);
/** Account mode; sent as the userType header. */
export const typeUserAtom = atom<TypeUser>(DEFAULT_TYPE_USER);
/** True while the demo (trial) version is in use: screens show the trial warning. */
export const isDemoVersionAtom = atom(false);
/** The demo user confirmed investing with the trial version. */
export const userConfirmInvestDemoAtom = atom(false);
/** Logged in when there is a token. */
export const isLoggedInAtom = atom((get) => isNonEmptyString(get(tokenAtom)));

// ---- app state ----

/** Persisted under "theme"; light by default. */
export const themeAtom = persistedAtom<Theme>(STORAGE_KEYS.theme, DEFAULT_THEME, isTheme);
/** The language (the spec's codes; Vietnamese is "ru"). Persisted under "lang"; en by default. */
export const langAtom = persistedAtom<LanguageCode>(STORAGE_KEYS.lang, DEFAULT_LANGUAGE, isLanguage);
/** Last selected currency, persisted under "currency". */
export const currencyAtom = persistedAtom<SelectedCurrency | null>(STORAGE_KEYS.currency, null, isCurrencyOrNull);
/** The ISO 3166 code of the country or region the user chose on /choose-location; null until they choose. */
export const regionAtom = persistedAtom<string | null>(STORAGE_KEYS.region, null, (v): v is string | null => v === null || (typeof v === 'string' && /^[A-Z]{2}$/.test(v)));
/** Persisted under "trade_type"; crypto by default. */
export const tradeTypeAtom = persistedAtom<string>(STORAGE_KEYS.tradeType, DEFAULT_TRADE_TYPE, isNonEmptyString);
/** Persisted under "last_currency_object"; BTCUSDT (isIco 0) by default. */
export const lastCurrencyObjectAtom = persistedAtom<LastCurrencyObject>(STORAGE_KEYS.lastCurrencyObject, DEFAULT_LAST_CURRENCY, isLastCurrency);
/** Persisted under "last_forex_object"; AUDCAD by default. */
export const lastForexObjectAtom = persistedAtom<LastForexObject>(STORAGE_KEYS.lastForexObject, DEFAULT_LAST_FOREX, isLastForex);
