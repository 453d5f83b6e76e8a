import { useTranslation } from 'react-i18next';
import { AppLink } from '@meridian/shared';
import { TAB_ITEMS, activeItem } from './navigation-items';
import styles from './chrome.module.css';

const ICONS: Record<string, string> = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  market: 'M4 19V9m5 10V5m5 14v-7m5 7V8',
  trade: 'M4 8h13l-3-3m6 11H7l3 3',
  wallet: 'M3 7h15a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm0 0 12-3v3m1 7h1',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
};

export function TabBar({ pathname }: { pathname: string }) {
  const { t } = useTranslation('shell');
  const active = activeItem(TAB_ITEMS, pathname);
  return (
    <nav className={styles.tabBar} aria-label={t('mainNavigation')} data-testid="tabbar">
      {TAB_ITEMS.map((item) => (
        <AppLink
          key={item.id}
          href={item.href}
          className={styles.tab}
          data-testid={`tab-${item.id}`}
          aria-current={active?.id === item.id ? 'page' : undefined}
        >
          <svg className={styles.tabIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d={ICONS[item.id]} />
          </svg>
          <span>{t(item.labelKey)}</span>
        </AppLink>
      ))}
    </nav>
  );
}
