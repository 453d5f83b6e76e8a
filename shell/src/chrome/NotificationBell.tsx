import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { notifications } from '@meridian/contracts';
import { AppLink, call, tokenAtom } from '@meridian/shared';
import styles from './notification-bell.module.css';

/** How often the count is asked for while logged in and the page is visible. */
export const UNREAD_POLL_MS = 30_000;
/**
 * mf_accounts announces this on window when it changes what is unread (a notification opened, all marked read):
 * the count is asked for again at once. A plain DOM event, so the shell imports nothing from the remote.
 */
export const NOTIFICATIONS_CHANGED_EVENT = 'meridian:notifications-changed';

export const NOTIFICATION_PAGES = { mobile: '/pages/notification/index', desktop: '/pages/desktop/notification' } as const;
const HOME_PATHS = ['/', '/pages/home', '/pages/home/index'];

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * The number of unread notifications, or null for a visitor. Asked for when logging in, every 30 s while the
 * page is visible, when the window gets the focus or becomes visible again, on every navigation (`pathname`)
 * and when mf_accounts says it changed. A failed poll keeps the last count (it is silent: no toast).
 */
export function useUnreadCount(pathname: string): number | null {
  const token = useAtomValue(tokenAtom);
  const [count, setCount] = useState<number | null>(null);
  // answers for an earlier session (or after a later answer) are dropped
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    if (!token) return;
    const mine = ++generation.current;
    try {
      // the unread count (contracts/src/notifications); read defensively, a bad answer counts as none
      const answer = await call(notifications.unreadCount, undefined, { silent: true });
      const value = Number(answer?.count ?? 0);
      if (mine === generation.current) setCount(Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
    } catch {
      // keep the last count; the next poll tries again
    }
  }, [token]);

  useEffect(() => {
    generation.current += 1;
    setCount(null);
    if (!token) return;
    const timer = setInterval(() => {
      if (!isHidden()) void refresh();
    }, UNREAD_POLL_MS);
    const onFocus = () => void refresh();
    const onVisible = () => {
      if (!isHidden()) void refresh();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, refresh]);

  // on logging in and on every navigation
  useEffect(() => {
    if (token) void refresh();
  }, [token, pathname, refresh]);

  return token ? count : null;
}

function BellIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/** The bell with the unread count, linking to the notifications; nothing for a visitor. */
export function NotificationBell({ href, pathname }: { href: string; pathname: string }) {
  const { t } = useTranslation('shell');
  const token = useAtomValue(tokenAtom);
  const count = useUnreadCount(pathname);
  // logged in, the count still on its way: the bell's place is kept, so the navigation beside it does not move
  if (count === null) return token ? <span className={styles.bell} aria-hidden="true" data-testid="notification-bell-pending" /> : null;
  const label = count > 0 ? t('bellUnread', { count }) : t('bellLabel');
  return (
    <AppLink href={href} className={styles.bell} aria-label={label} title={label} data-testid="notification-bell">
      <BellIcon />
      {count > 0 ? (
        <span className={styles.count} aria-hidden="true" data-testid="notification-bell-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </AppLink>
  );
}

/** The mobile home page's header: the bell at the top right (home only; nothing for a visitor). */
export function MobileHomeHeader({ pathname }: { pathname: string }) {
  const token = useAtomValue(tokenAtom);
  if (!token || !HOME_PATHS.includes(pathname)) return null;
  return (
    <div className={styles.homeHeader} data-testid="mobile-home-header">
      <NotificationBell href={NOTIFICATION_PAGES.mobile} pathname={pathname} />
    </div>
  );
}
