import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@meridian/shared';
import { useT, type Key } from '../../../i18n';
import { RequireLogin } from './RequireLogin';
import styles from './profile.module.css';

/** A protected profile or settings screen: its title, the form(s), and the way back to its area. */
export function FormScreen({
  title,
  back,
  desktop = false,
  children,
}: {
  title: Key;
  back: { href: string; title: Key };
  desktop?: boolean;
  children: ReactNode;
}) {
  const { t, tc } = useT();
  return (
    <RequireLogin>
      <div className={desktop ? styles.desktop : undefined}>
        <Page title={t(title)}>
          {children}
          <Link className={styles.link} to={back.href}>
            {tc('backTo', { area: t(back.title) })}
          </Link>
        </Page>
      </div>
    </RequireLogin>
  );
}
