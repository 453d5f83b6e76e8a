import { identity, type DataOf, type InputOf } from '@meridian/contracts';
import { call } from '@meridian/shared';
import type { IdentityUserInfo } from './identity';

/**
 * The logged-in user's own calls (contracts/src/identity; server/src/modules/identity/routes.ts): profile,
 * passwords, e-mail, sessions, logout and the real/demo switch. Each resolves with the envelope's data or
 * rejects with ApiError; the shell's request conventions send the token and toast a refusal's msg.
 */

/** One login session of the user, as GET user/sessions lists it (dates arrive as ISO strings). */
export type UserSession = DataOf<typeof identity.sessions>[number];

export type AccountMode = 'real' | 'demo';

/** What account/accountSwitch answers. */
export type AccountSwitchResult = DataOf<typeof identity.accountSwitch>;

/** POST user/info: the logged-in user. */
export function fetchUserInfo(): Promise<IdentityUserInfo> {
  return call(identity.info);
}

type UpdateBody =
  | { kind: 'nickname'; nickname: string }
  | { kind: 'avatar'; avatar: string }
  | { kind: 'email'; email: string; code: string }
  | { kind: 'password'; oldPassword: string; password: string; confirmPassword: string }
  | { kind: 'fundPassword'; password: string; confirmPassword: string; oldPassword?: string };

function update(data: UpdateBody & InputOf<typeof identity.update>): Promise<IdentityUserInfo> {
  return call(identity.update, data);
}

/** user/update kind nickname. */
export function updateNickname(nickname: string): Promise<IdentityUserInfo> {
  return update({ kind: 'nickname', nickname });
}

/** user/update kind avatar: an upload path of the user's own (POST /asset/admin/common/oss/upload). */
export function updateAvatar(avatar: string): Promise<IdentityUserInfo> {
  return update({ kind: 'avatar', avatar });
}

/** user/update kind email, with the code sent to the new address (sendOtp type changeEmail). */
export function updateEmail(email: string, code: string): Promise<IdentityUserInfo> {
  return update({ kind: 'email', email, code });
}

/** user/update kind password: ends the user's other sessions. */
export function changePassword(input: { oldPassword: string; password: string; confirmPassword: string }): Promise<IdentityUserInfo> {
  return update({ kind: 'password', ...input });
}

/** user/update kind fundPassword: sets it when none is set; changing it needs the old one. */
export function setFundPassword(input: { password: string; confirmPassword: string; oldPassword?: string }): Promise<IdentityUserInfo> {
  return update({ kind: 'fundPassword', ...input });
}

/** sendOtp type changeEmail: a code to the NEW address. */
export function sendChangeEmailCode(email: string): Promise<null> {
  return call(identity.sendEmailCode, { email, type: 'changeEmail' });
}

/** A forgotFund code to the user's own address: by e-mail (sendOtp) or by SMS (SendSmsOtp). */
export function sendForgotFundCode(channel: 'email' | 'sms'): Promise<null> {
  return call(channel === 'email' ? identity.sendEmailCode : identity.sendSmsCode, { type: 'forgotFund' });
}

/** POST user/forgot-fund-password: a new fund password with the forgotFund code. */
export function resetFundPassword(input: { code: string; password: string; confirmPassword: string }): Promise<null> {
  return call(identity.forgotFundPassword, input);
}

/** POST user/logout: revokes this token (always answers success; silent, the local logout follows anyway). */
export function logoutCall(): Promise<null> {
  return call(identity.logout, undefined, { silent: true });
}

/** POST account/accountSwitch. */
export function accountSwitch(userType: AccountMode): Promise<AccountSwitchResult> {
  return call(identity.accountSwitch, { userType });
}
