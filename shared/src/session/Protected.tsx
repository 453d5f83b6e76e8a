import { useEffect, type ReactNode } from 'react';
import { useStore } from 'jotai';
import { useIsLoggedIn } from './hooks';
import { redirectToLogin } from './protected';

/**
 * Wraps a remote's protected route: children render only when logged in; a visitor gets "Please log in
 * first" and the login page, which brings them back here afterwards.
 */
export function Protected({ children, fallback = null, navigate }: { children: ReactNode; fallback?: ReactNode; navigate?: (url: string) => void }) {
  const loggedIn = useIsLoggedIn();
  const store = useStore();
  useEffect(() => {
    if (!loggedIn) redirectToLogin({ store, ...(navigate ? { navigate } : {}) });
  }, [loggedIn, store, navigate]);
  return <>{loggedIn ? children : fallback}</>;
}
