import { useCallback, useMemo } from 'react';
import { useAtomValue, useStore } from 'jotai';
import {
  isDemoVersionAtom,
  isLoggedInAtom,
  tokenAtom,
  typeUserAtom,
  userConfirmInvestDemoAtom,
  userInfoAtom,
  userInfoKycAtom,
  type TypeUser,
  type UserInfo,
} from './atoms';
import { logout, setSession, switchMode } from './actions';

/** The session and its actions, bound to the store of the surrounding Provider (the platform store). */
export function useSession() {
  const store = useStore();
  const token = useAtomValue(tokenAtom);
  const userInfo = useAtomValue(userInfoAtom);
  const userInfoKyc = useAtomValue(userInfoKycAtom);
  const typeUser = useAtomValue(typeUserAtom);
  const isDemoVersion = useAtomValue(isDemoVersionAtom);
  const userConfirmInvestDemo = useAtomValue(userConfirmInvestDemoAtom);
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const actions = useMemo(
    () => ({
      logout: () => logout(store),
      setSession: (session: { token: string; userInfo?: UserInfo | null }) => setSession(store, session),
      switchMode: (mode: TypeUser) => switchMode(store, mode),
    }),
    [store],
  );
  return { token, userInfo, userInfoKyc, typeUser, isDemoVersion, userConfirmInvestDemo, isLoggedIn, ...actions };
}

export function useIsLoggedIn(): boolean {
  return useAtomValue(isLoggedInAtom);
}

/** The account mode ('real' or 'demo'). */
export function useTypeUser(): TypeUser {
  return useAtomValue(typeUserAtom);
}

/** The mode switch, bound to the platform store (state only: make the account-switch call first). */
export function useSwitchMode(): (mode: TypeUser) => void {
  const store = useStore();
  return useCallback((mode: TypeUser) => switchMode(store, mode), [store]);
}
