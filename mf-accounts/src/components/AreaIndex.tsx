import { LinkGrid, Page, type LinkTile } from '@meridian/shared';
import { useT, type Key } from '../i18n';
import styles from './area.module.css';

/** A link of an area index: a platform URL and the key of its translated title. */
export interface AreaLink {
  href: string;
  title: Key;
}

interface Props {
  title: Key;
  description: Key;
  /** The area's own sub-screens (spec route list). */
  screens?: AreaLink[];
  /** Sibling areas, in this remote or in other applications. */
  related?: AreaLink[];
}

/** The landing screen of one area: translated title, one-line purpose, and links to its screens. */
export function AreaIndex({ title, description, screens = [], related = [] }: Props) {
  const { t } = useT();
  const tiles = (links: AreaLink[]): LinkTile[] => links.map((link) => ({ href: link.href, title: t(link.title) }));
  return (
    <Page title={t(title)} subtitle={t(description)}>
      {screens.length > 0 ? (
        <section className={styles.section}>
          <h2 className={styles.heading}>{t('screensLabel')}</h2>
          <LinkGrid label={t('screensLabel')} links={tiles(screens)} />
        </section>
      ) : null}
      {related.length > 0 ? (
        <section className={styles.section}>
          <h2 className={styles.heading}>{t('relatedLabel')}</h2>
          <LinkGrid label={t('relatedLabel')} links={tiles(related)} />
        </section>
      ) : null}
    </Page>
  );
}
