import type { ReactNode } from 'react';
import { Page } from './components';
import styles from './area.module.css';

/** Renders the way back with the class the area screens style it with (a remote passes its router's link). */
export type BackLink = (className: string) => ReactNode;

/** An address under a remote's prefixes that leads nowhere, with the way back to that area. */
export function NotFoundScreen({ title, hint, back }: { title: string; hint: string; back: BackLink }) {
  return (
    <Page title={title} subtitle={hint}>
      {back(styles.backLink ?? '')}
    </Page>
  );
}
