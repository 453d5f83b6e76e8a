import type { ReactNode } from 'react';
import { LinkGrid, Page, type LinkTile } from './components';
import styles from './area.module.css';

/**
 * The landing screen of one product area: its title, one line on what it is for, its own screens and the
 * related areas. Texts come translated from the remote that owns the area.
 */
export function AreaIndex({
  title,
  description,
  screensLabel,
  screens,
  relatedLabel,
  related,
  children,
}: {
  title: string;
  description: string;
  screensLabel: string;
  screens: LinkTile[];
  relatedLabel: string;
  related: LinkTile[];
  /** Controls of the area itself, under its links. */
  children?: ReactNode;
}) {
  return (
    <Page title={title} subtitle={description}>
      {[
        [screensLabel, screens] as const,
        [relatedLabel, related] as const,
      ].map(([label, links]) =>
        links.length > 0 ? (
          <section key={label} className={styles.section}>
            <h2 className={styles.heading}>{label}</h2>
            <LinkGrid label={label} links={[...links]} />
          </section>
        ) : null,
      )}
      {children}
    </Page>
  );
}

/** Renders the way back with the class the area screens style it with (a remote passes its router's link). */
export type BackLink = (className: string) => ReactNode;

/** A screen a later release builds: its title, a plain note that it is not there yet, and a way back. */
export function PendingScreen({ title, note, back }: { title: string; note: string; back: BackLink }) {
  return (
    <Page title={title}>
      <p className={styles.note} data-testid="area-pending">
        {note}
      </p>
      {back(styles.backLink ?? '')}
    </Page>
  );
}

/** An address under a remote's prefixes that leads nowhere, with the way back to that area. */
export function NotFoundScreen({ title, hint, back }: { title: string; hint: string; back: BackLink }) {
  return (
    <Page title={title} subtitle={hint}>
      {back(styles.backLink ?? '')}
    </Page>
  );
}
