import { identity, type DataOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

/**
 * Typed calls of the identity API (contracts/src/identity; server/src/modules/identity/routes.ts): each
 * resolves with the envelope's data or rejects with ApiError. The shell's request conventions add the
 * token, lang, userType and loginFrom headers and toast a refusal's msg.
 */

/** A country as the server lists it: code is the dialling code without "+", e.g. France 33. */
export type Country = DataOf<typeof identity.countries>[number];

/** The spec's default country (France, 33), used until the server's list or location answers. */
export const DEFAULT_COUNTRY: Country = { id: 0, name: 'France', iso2: 'FR', code: '33' };

/** The logged-in user as login and register return it (dates arrive as ISO strings). */
export type IdentityUserInfo = DataOf<typeof identity.info>;

/** What login and register answer. */
export type AuthResult = DataOf<typeof identity.login>;

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
  return call(identity.login, { ...account, password });
}

/** POST user/register: the account, the 4-digit code, the password twice, the invitation code and the country. */
export function register(account: AccountRef, input: RegisterInput): Promise<AuthResult> {
  const { countryId, ...rest } = input;
  return call(identity.register, { ...account, ...rest, ...(countryId ? { countryId } : {}) });
}

/** POST user/sendOtp: a code by e-mail. */
export function sendEmailCode(email: string, type: OtpType = 'register'): Promise<null> {
  return call(identity.sendEmailCode, { email, type });
}

/** POST user/SendSmsOtp: a code by SMS to the phone with its dialling code. */
export function sendSmsCode(phone: string, countryCode: string, type: OtpType = 'register'): Promise<null> {
  return call(identity.sendSmsCode, { phone, countryCode, type });
}

