import { useCallback, useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { identity } from '@meridian/contracts';
import { useApiQuery, userInfoAtom, type UserInfo } from '@meridian/shared';
import type { IdentityUserInfo } from '../../../api/identity';
import type { Key } from '../../../i18n';

/** The text of each KYC status (user/info's kycStatus). */
export const KYC_STATUS_TEXT: Record<string, Key> = {
  unverified: 'kycUnverified',
  pending: 'kycPending',
  verified: 'kycVerified',
  rejected: 'kycRejected',
};

/** Stores the user as the server answered it (user/info, user/update), so every screen shows the same. */
export function useStoreUserInfo() {
  const store = useStore();
  return useCallback((info: IdentityUserInfo) => store.set(userInfoAtom, info as unknown as UserInfo), [store]);
}

/** The stored user (from login or the last user/info), typed; null before any. */
export function useCachedUserInfo(): IdentityUserInfo | null {
  const info = useAtomValue(userInfoAtom);
  return info && typeof info.uid === 'string' ? (info as unknown as IdentityUserInfo) : null;
}

/**
 * The logged-in user, read again from user/info when a screen showing it opens (one read for all of them):
 * `info` is the stored copy, which each answer replaces; `fresh` tells whether the server answered since;
 * `failed` when the read failed.
 */
export function useUserInfo(enabled = true) {
  const cached = useCachedUserInfo();
  const storeInfo = useStoreUserInfo();
  const query = useApiQuery(identity.info, undefined, { enabled });
  const answer = query.data;
  useEffect(() => {
    if (answer && typeof answer.uid === 'string') storeInfo(answer as IdentityUserInfo);
  }, [answer, storeInfo]);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { info: cached, fresh: query.isFetchedAfterMount && query.isSuccess, failed: query.isError, reload };
}

/** "an***@example.com": the first two characters of the name, then the domain. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return email;
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1) || 1)}***${email.slice(at)}`;
}

/** "+33****5678": the dialling prefix and the last four digits. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
