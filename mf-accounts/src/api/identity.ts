import { request } from '@meridian/shared';

/**
 * Typed calls of the identity API (server/src/modules/identity/routes.ts), over shared's request(): each
 * resolves with the envelope's data or rejects with ApiError. The shell's request conventions add the
 * token, lang, userType and loginFrom headers and toast a refusal's msg.
 */
export const IDENTITY_URLS = {
  login: '/asset/api/user/login',
  register: '/asset/api/user/register',
  sendEmailCode: '/asset/api/user/sendOtp',
  sendSmsCode: '/asset/api/user/SendSmsOtp',
  countries: '/asset/api/countryCode/countryCodeList',
  locateCountry: '/asset/api/user/country',
} as const;

/** A country as the server lists it: code is the dialling code without "+", e.g. France 33. */
export interface Country {
  id: number;
  name: string;
  iso2: string;
  code: string;
}

/** The spec's default country (France, 33), used until the server's list or location answers. */
export const DEFAULT_COUNTRY: Country = { id: 0, name: 'France', iso2: 'FR', code: '33' };

/** The logged-in user as login and register return it (users/service.ts UserInfo; dates arrive as strings). */
export interface IdentityUserInfo {
  uid: string;
  nickname: string;
  avatar: string;
  email: string;
  phone: string;
  country: Country | null;
  invitationCode: string;
  kycStatus: string;
  customerServiceUrl: string;
  hasFundPassword: boolean;
  accountMode: 'real' | 'demo';
  hasDemo: boolean;
  demoStartedAt: string | null;
  createdAt: string;
}

/** What login and register answer. */
export interface AuthResult {
  token: string;
  userInfo: IdentityUserInfo;
}

/** An account is named by an e-mail, or by a phone with its dialling code (without "+"). */
export type AccountRef = { email: string } | { phone: string; countryCode: string };

/** What a code is for: register here; the other purposes belong to recovery and settings screens. */
export type OtpType = 'register' | 'forgot' | 'forgotFund' | 'changeEmail';

export interface RegisterInput {
  code: string;
  password: string;
  confirmPassword: string;
  invitationCode: string;
  /** The chosen country's id; left out, the server takes France. */
  countryId?: number;
}

/** POST user/login: { email } or { phone, countryCode }, with the password. */
export function login(account: AccountRef, password: string): Promise<AuthResult> {
  return request<AuthResult>({ url: IDENTITY_URLS.login, method: 'POST', data: { ...account, password } });
}

/** POST user/register: the account, the 4-digit code, the password twice, the invitation code and the country. */
export function register(account: AccountRef, input: RegisterInput): Promise<AuthResult> {
  const { countryId, ...rest } = input;
  return request<AuthResult>({
    url: IDENTITY_URLS.register,
    method: 'POST',
    data: { ...account, ...rest, ...(countryId ? { countryId } : {}) },
  });
}

/** POST user/sendOtp: a code by e-mail. */
export function sendEmailCode(email: string, type: OtpType = 'register'): Promise<null> {
  return request<null>({ url: IDENTITY_URLS.sendEmailCode, method: 'POST', data: { email, type } });
}

/** POST user/SendSmsOtp: a code by SMS to the phone with its dialling code. */
export function sendSmsCode(phone: string, countryCode: string, type: OtpType = 'register'): Promise<null> {
  return request<null>({ url: IDENTITY_URLS.sendSmsCode, method: 'POST', data: { phone, countryCode, type } });
}

/** POST countryCode/countryCodeList: every country, or those matching a keyword (name, dialling code, ISO). */
export function countries(keyword?: string): Promise<Country[]> {
  return request<Country[]>({
    url: IDENTITY_URLS.countries,
    method: 'POST',
    data: keyword ? { keyword } : {},
    // a background list: the picker keeps the default country when it fails
    silent: true,
  });
}

/** GET user/country: the visitor's country located by IP (France when unknown). */
export function locateCountry(): Promise<Country | null> {
  return request<Country | null>({ url: IDENTITY_URLS.locateCountry, method: 'GET', silent: true });
}
