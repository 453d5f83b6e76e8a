import { useTranslation } from 'react-i18next';
import { AppLink, ThemeSwitch, useIsLoggedIn } from '@meridian/shared';
import { activeItem } from './navigation-items';
import { useSlotLinks } from './slot-links';
import { NOTIFICATION_PAGES, NotificationBell } from './NotificationBell';
import { TopNavSearch } from './TopNavSearch';
import styles from './chrome.module.css';

export function TopNav({ pathname }: { pathname: string }) {
  const { t } = useTranslation('shell');
  // the remotes' nav.top entries; the links row takes the room it will need from the start (no shift when they come)
  const items = useSlotLinks('nav.top');
  const active = activeItem(items, pathname);
  const loggedIn = useIsLoggedIn();
  return (
    <header className={styles.topNav} data-testid="topnav">
      <AppLink href="/pages/desktop/market" className={styles.brand}>
        Meridian
      </AppLink>
      <nav aria-label={t('mainNavigation')}>
        <ul className={styles.topNavLinks}>
          {items.map((item) => (
            <li key={item.id}>
              <AppLink
                href={item.href}
                className={styles.topNavLink}
                data-testid={`topnav-${item.id}`}
                aria-current={active?.id === item.id ? 'page' : undefined}
              >
                {item.title}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <TopNavSearch />
      <NotificationBell href={NOTIFICATION_PAGES.desktop} pathname={pathname} />
      <ThemeSwitch />
      {loggedIn ? (
        <AppLink href="/pages/desktop/settings" className={styles.topNavAction} data-testid="topnav-account">
          {t('navAccount')}
        </AppLink>
      ) : (
        <AppLink href="/pages/desktop/login" className={styles.topNavAction} data-testid="topnav-login">
          {t('navLogin')}
        </AppLink>
      )}
    </header>
  );
}
