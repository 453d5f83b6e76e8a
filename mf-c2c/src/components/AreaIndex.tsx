import type { ReactNode } from 'react';
import { AreaIndex as AreaIndexScreen } from '@meridian/shared';
import { useT, type Key } from '../i18n';

/** A link of an area index: a platform URL and the key of its translated title. */
export interface AreaLink {
  href: string;
  title: Key;
}

/** This remote's area landing screen: the shared layout with this remote's texts. */
export function AreaIndex({
  title,
  description,
  screens = [],
  related = [],
  children,
}: {
  title: Key;
  description: Key;
  screens?: AreaLink[];
  related?: AreaLink[];
  children?: ReactNode;
}) {
  const { t, tc } = useT();
  const tiles = (links: AreaLink[]) => links.map((link) => ({ href: link.href, title: t(link.title) }));
  return (
    <AreaIndexScreen
      title={t(title)}
      description={t(description)}
      screensLabel={tc('screensLabel')}
      screens={tiles(screens)}
      relatedLabel={tc('relatedLabel')}
      related={tiles(related)}
    >
      {/* none of this area's screens is built yet: the page says so rather than read like a working product */}
      <p data-testid="area-not-built">{tc('comingNext')}</p>
      {children}
    </AreaIndexScreen>
  );
}
