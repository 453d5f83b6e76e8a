import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Protected } from '@meridian/shared';

/**
 * A protected screen: shared Protected (a visitor is told to log in first, and the login page brings them
 * back), navigating with this remote's router since the login page belongs to it.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const routerNavigate = useNavigate();
  const navigate = useCallback((url: string) => routerNavigate(url, { replace: true }), [routerNavigate]);
  return <Protected navigate={navigate}>{children}</Protected>;
}
