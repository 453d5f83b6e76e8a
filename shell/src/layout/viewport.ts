import { useEffect, useState, useSyncExternalStore } from 'react';

/** Above this width the desktop screens are used (spec: 1000 px). */
export const DESKTOP_BREAKPOINT = 1000;
/** Assumed when the width cannot be read. */
export const FALLBACK_WIDTH = 375;

export type Layout = 'mobile' | 'desktop';

export function readWidth(win: Pick<Window, 'innerWidth'> | undefined = typeof window === 'undefined' ? undefined : window): number {
  const width = win?.innerWidth;
  return typeof width === 'number' && Number.isFinite(width) && width > 0 ? width : FALLBACK_WIDTH;
}

export function layoutFor(width: number): Layout {
  return width > DESKTOP_BREAKPOINT ? 'desktop' : 'mobile';
}

export function useLayout(): Layout {
  const [layout, setLayout] = useState<Layout>(() => layoutFor(readWidth()));
  useEffect(() => {
    const update = () => setLayout(layoutFor(readWidth()));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return layout;
}

function subscribeToRouting(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener('single-spa:routing-event', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('single-spa:routing-event', onChange);
  };
}

/** The current pathname, following every navigation (single-spa announces each one). */
export function usePathname(): string {
  return useSyncExternalStore(subscribeToRouting, () => window.location.pathname);
}
