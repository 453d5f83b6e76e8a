import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCallback } from 'react';
import { Page, Protected } from '@meridian/shared';
import { useT, type Key } from '../../i18n';
import styles from './trade.module.css';

/** A detail screen: only for a logged-in user, with its title and the way back to the trade screen. */
export function DetailScreen({ title, back, children }: { title: Key; back: string; children: ReactNode }) {
  const { t, tc } = useT();
  const routerNavigate = useNavigate();
  const navigate = useCallback((url: string) => routerNavigate(url, { replace: true }), [routerNavigate]);
  return (
    <Protected navigate={navigate}>
      <Page title={t(title)}>
        <div className={styles.detail}>
          <Link to={back}>{tc('backTo', { area: t('tradeMarginTitle') })}</Link>
          {children}
        </div>
      </Page>
    </Protected>
  );
}

/** A labelled list of facts. */
export function FactList({ items, testId }: { items: Array<[Key, ReactNode]>; testId?: string }) {
  const { t } = useT();
  return (
    <dl className={styles.facts} data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
