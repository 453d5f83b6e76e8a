import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Page, Protected } from '@meridian/shared';
import { useT, type Key } from '../../i18n';
import styles from './invest.module.css';

/** A screen only for a logged-in user: a visitor is told to log in first and comes back after. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const routerNavigate = useNavigate();
  const navigate = useCallback((url: string) => routerNavigate(url, { replace: true }), [routerNavigate]);
  return <Protected navigate={navigate}>{children}</Protected>;
}

/** An investment screen: its title, optional subtitle, and its parts stacked. */
export function InvestScreen({ title, subtitle, children, protect = false }: { title: Key; subtitle?: Key; children: ReactNode; protect?: boolean }) {
  const { t } = useT();
  const page = (
    <Page title={t(title)} subtitle={subtitle ? t(subtitle) : undefined}>
      <div className={styles.stack}>{children}</div>
    </Page>
  );
  return protect ? <RequireLogin>{page}</RequireLogin> : page;
}
