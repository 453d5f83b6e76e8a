import { request } from '@meridian/shared';
import type { AccountRef } from './identity';

/** Login-password recovery (server/src/modules/identity/README.md); the code comes from sendOtp/SendSmsOtp type forgot. */
export const RECOVERY_URLS = {
  forgotPassword: '/asset/api/user/forgot-password',
} as const;

/** POST user/forgot-password: { email } or { phone, countryCode }, the code and the new password twice. Ends every session. */
export function resetLoginPassword(account: AccountRef, input: { code: string; password: string; confirmPassword: string }): Promise<null> {
  return request<null>({ url: RECOVERY_URLS.forgotPassword, method: 'POST', data: { ...account, ...input } });
}
