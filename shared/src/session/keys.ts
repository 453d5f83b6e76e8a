/**
 * The locally persisted keys, exactly as the spec names them (shell-accounts-money §3, trading-investment §3).
 * Saved values of existing users live under these names: do not rename them.
 */
export const STORAGE_KEYS = {
  theme: 'theme',
  lang: 'lang',
  userInfo: 'userInfo',
  token: 'token',
  /** The last selected currency. */
  currency: 'currency',
  tradeType: 'trade_type',
  lastCurrencyObject: 'last_currency_object',
  lastForexObject: 'last_forex_object',
  /** The country or region chosen on /choose-location (not a spec key: the spec names the page, not its storage). */
  region: 'region',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The spec's default login target. */
export const LOGIN_PATH = '/pages/login/email-login';
/** Opened when the server refuses a trade for missing KYC. */
export const KYC_TRADE_URL = '/pages/profile/kyc-verification/index?type=trade';
/** The message with which the server refuses a trade for missing KYC (spec §8, verbatim). */
export const KYC_REQUIRED_MESSAGE = 'Please, KYC this account before trade!';
/** The same refusal by its key: the message arrives in the user's language. */
export const KYC_REQUIRED_REASON = 'kycTrade';
/** Envelope codes meaning the login session is over. */
export const SESSION_EXPIRED_CODES: readonly number[] = [301, 999];
/** Delay before going to login after a session expiry (spec §9). */
export const LOGIN_REDIRECT_DELAY_MS = 500;
