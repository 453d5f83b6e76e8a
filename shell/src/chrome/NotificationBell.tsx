import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { notifications } from '@meridian/contracts';
import { AppLink, tokenAtom, useApiQuery } from '@meridian/shared';
import styles from './notification-bell.module.css';

/** How often the count is asked for while logged in and the page is visible. */
export const UNREAD_POLL_MS = 30_000;

export const NOTIFICATION_PAGES = { mobile: '/pages/notification/index', desktop: '/pages/desktop/notification' } as const;
const HOME_PATHS = ['/', '/pages/home', '/pages/home/index'];

/** The count from the answer mf_accounts caches under the same key (the contract's own data): one cache entry for both. */
const countOf = (answer: { count?: unknown } | null | undefined): number => Number(answer?.count ?? 0);

/** A bad answer counts as none. */
const shown = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/**
 * The number of unread notifications, or null for a visitor: one query of the page's shared QueryClient, so a
 * NOTIFICATION push, mf_accounts opening a notification or marking all read (which invalidate or set the same
 * key) change the bell at once. Besides, asked for every 30 s while the page is visible, when it becomes visible
 * again and on every navigation (`pathname`). A failed poll keeps the last count (it is silent: no toast); a
 * logout clears the cache, so the next user never sees the last one's count.
 */
export function useUnreadCount(pathname: string): number | null {
  const token = useAtomValue(tokenAtom);
  const query = useApiQuery(notifications.unreadCount, undefined, {
    enabled: Boolean(token),
    select: countOf,
    // paused while the page is hidden (refetchIntervalInBackground is off)
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  const { refetch } = query;
  // every navigation after the first render (the first is the query's own first fetch)
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (token) void refetch();
  }, [pathname, token, refetch]);

  return token && query.data !== undefined ? shown(query.data) : null;
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
