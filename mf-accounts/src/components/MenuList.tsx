import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT, type Key } from '../i18n';
import styles from './menu.module.css';

/** 24×24 stroke icons (one path each), drawn in currentColor. */
const ICON_PATHS = {
  idCard: 'M3 5h18v14H3zm4.5 6.5a2 2 0 1 0 4 0 2 2 0 0 0-4 0zM6 16.5c.6-1.4 1.8-2.2 3.5-2.2s2.9.8 3.5 2.2M15 10h3m-3 3.5h3',
  shield: 'M12 3 4.5 6v5.5c0 4.6 3.1 8.3 7.5 9.5 4.4-1.2 7.5-4.9 7.5-9.5V6zm-3 9 2.2 2.2L15.5 10',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  lock: 'M6 11h12v10H6zm2 0V8a4 4 0 0 1 8 0v3m-4 4v2',
  key: 'M8 20a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm3.2-7.7L20 3.5m-3.5 3.5 2.5 2.5M14 9.5l2 2',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.6 9.4a2.5 2.5 0 1 1 3.3 2.4c-.6.3-.9.8-.9 1.4v.8m0 3v.01',
  devices: 'M4 6h12v9H4zm-2 12h16M19 9h3v10h-3z',
  bell: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zm4.3 4a2 2 0 0 0 3.4 0',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3.5 9h17m-17 6h17M12 3c-2.4 2.5-3.5 5.5-3.5 9s1.1 6.5 3.5 9c2.4-2.5 3.5-5.5 3.5-9S14.4 5.5 12 3z',
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-10.5V16m0-8.5v.01',
  document: 'M6 3h8l4 4v14H6zm8 0v4h4M9 12h6m-6 4h6',
  phone: 'M8 2.5h8a1 1 0 0 1 1 1v17a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-17a1 1 0 0 1 1-1zm3 15.5h2',
  mail: 'M3 6h18v12H3zm0 .5 9 6.5 9-6.5',
  chevron: 'm9.5 6 6 6-6 6',
} as const;
export type IconName = keyof typeof ICON_PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

/** One row of a menu: a screen of this remote, its icon, and optionally its current state at the right. */
export interface MenuItem {
  href: string;
  title: Key;
  icon: IconName;
  /** A short state shown before the chevron (a status, the current choice); read out with the title. */
  value?: string;
  testId?: string;
}

/**
 * A titled group of menu rows, as the settings lists of phone apps: icon, label, state, chevron. A landmark
 * named by its title, so the groups of a screen can be told apart by a screen reader.
 */
export function MenuGroup({ title, items, children }: { title: Key; items: MenuItem[]; children?: ReactNode }) {
  const { t } = useT();
  const headingId = useId();
  return (
    <nav className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.groupTitle}>
        {t(title)}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className={styles.row} data-testid={item.testId}>
              <Icon name={item.icon} className={styles.icon} />
              <span className={styles.label}>{t(item.title)}</span>
              {item.value ? <span className={styles.value}>{item.value}</span> : null}
              <Icon name="chevron" className={styles.chevron} />
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

/** A row of a menu group that is a control rather than a link (the theme switch): its icon, then the control. */
export function MenuControlRow({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <li className={styles.controlRow}>
      <Icon name={icon} className={styles.icon} />
      {children}
    </li>
  );
}

/** Menu groups side by side where there is room (desktop), one column on phones. */
export function MenuColumns({ children }: { children: ReactNode }) {
  return <div className={styles.columns}>{children}</div>;
}
