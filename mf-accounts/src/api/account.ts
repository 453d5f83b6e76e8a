import { request } from '@meridian/shared';
import type { IdentityUserInfo } from './identity';

/**
 * The logged-in user's own calls (server/src/modules/identity/routes.ts): profile, passwords, e-mail, sessions,
 * logout and the real/demo switch. Each resolves with the envelope's data or rejects with ApiError; the
 * shell's request conventions send the token and toast a refusal's msg.
 */
export const ACCOUNT_URLS = {
  info: '/asset/api/user/info',
  update: '/asset/api/user/update',
  logout: '/asset/api/user/logout',
  sessions: '/asset/api/user/sessions',
  revokeSession: '/asset/api/user/revokeSession',
  forgotFundPassword: '/asset/api/user/forgot-fund-password',
  sendEmailCode: '/asset/api/user/sendOtp',
  sendSmsCode: '/asset/api/user/SendSmsOtp',
  accountSwitch: '/asset/api/account/accountSwitch',
} as const;

/** One login session of the user, as GET user/sessions lists it (dates arrive as ISO strings). */
export interface UserSession {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The session of this very token. */
  current: boolean;
}

export type AccountMode = 'real' | 'demo';

/** What account/accountSwitch answers. */
export interface AccountSwitchResult {
  userType: AccountMode;
  hasDemo: boolean;
  demoStartedAt: string | null;
}

/** POST user/info: the logged-in user. */
export function fetchUserInfo(): Promise<IdentityUserInfo> {
  return request<IdentityUserInfo>({ url: ACCOUNT_URLS.info, method: 'POST' });
}

type UpdateBody =
  | { kind: 'nickname'; nickname: string }
  | { kind: 'avatar'; avatar: string }
  | { kind: 'email'; email: string; code: string }
  | { kind: 'password'; oldPassword: string; password: string; confirmPassword: string }
  | { kind: 'fundPassword'; password: string; confirmPassword: string; oldPassword?: string };

function update(data: UpdateBody): Promise<IdentityUserInfo> {
  return request<IdentityUserInfo>({ url: ACCOUNT_URLS.update, method: 'POST', data });
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
  return request<null>({ url: ACCOUNT_URLS.sendEmailCode, method: 'POST', data: { email, type: 'changeEmail' } });
}

/** A forgotFund code to the user's own address: by e-mail (sendOtp) or by SMS (SendSmsOtp). */
export function sendForgotFundCode(channel: 'email' | 'sms'): Promise<null> {
  const url = channel === 'email' ? ACCOUNT_URLS.sendEmailCode : ACCOUNT_URLS.sendSmsCode;
  return request<null>({ url, method: 'POST', data: { type: 'forgotFund' } });
}

/** POST user/forgot-fund-password: a new fund password with the forgotFund code. */
export function resetFundPassword(input: { code: string; password: string; confirmPassword: string }): Promise<null> {
  return request<null>({ url: ACCOUNT_URLS.forgotFundPassword, method: 'POST', data: input });
}

/** GET user/sessions. */
export function fetchSessions(): Promise<UserSession[]> {
  return request<UserSession[]>({ url: ACCOUNT_URLS.sessions, method: 'GET' });
}

/** POST user/revokeSession: logs another device out. */
export function revokeSession(id: string): Promise<null> {
  return request<null>({ url: ACCOUNT_URLS.revokeSession, method: 'POST', data: { id } });
}

/** POST user/logout: revokes this token (always answers success; silent, the local logout follows anyway). */
export function logoutCall(): Promise<null> {
  return request<null>({ url: ACCOUNT_URLS.logout, method: 'POST', silent: true });
}

/** POST account/accountSwitch. */
export function accountSwitch(userType: AccountMode): Promise<AccountSwitchResult> {
  return request<AccountSwitchResult>({ url: ACCOUNT_URLS.accountSwitch, method: 'POST', data: { userType } });
}
