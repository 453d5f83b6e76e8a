import { identity } from '@meridian/contracts';
import { call } from '@meridian/shared';
import type { AccountRef } from './identity';

/** Login-password recovery (server/src/modules/identity/README.md); the code comes from sendOtp/SendSmsOtp type forgot. */

/** POST user/forgot-password: { email } or { phone, countryCode }, the code and the new password twice. Ends every session. */
export function resetLoginPassword(account: AccountRef, input: { code: string; password: string; confirmPassword: string }): Promise<null> {
  return call(identity.forgotPassword, { ...account, ...input });
}
