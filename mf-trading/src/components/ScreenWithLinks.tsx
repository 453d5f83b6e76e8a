import type { ReactNode } from 'react';
import { LinkGrid, Page } from '@meridian/shared';
import { useT, type Key } from '../i18n';
import type { AreaLink } from './AreaIndex';
import styles from './market/market.module.css';

/** A working screen: title and description, its content, then the related areas. */
export function ScreenWithLinks({ title, description, related, children }: { title: Key; description: Key; related: AreaLink[]; children: ReactNode }) {
  const { t, tc } = useT();
  return (
    <Page title={t(title)} subtitle={t(description)}>
      {children}
      <section className={styles.related}>
        <h2 className={styles.relatedHeading}>{tc('relatedLabel')}</h2>
        <LinkGrid label={tc('relatedLabel')} links={related.map((link) => ({ href: link.href, title: t(link.title) }))} />
      </section>
    </Page>
  );
}
