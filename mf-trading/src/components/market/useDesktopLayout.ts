import { useEffect, useState } from 'react';

/** The layout the shell chose (it sets <body data-layout="desktop|mobile"> by its width rule, above 1000 px). */
const desktopLayout = () => typeof document !== 'undefined' && document.body.dataset.layout === 'desktop';

/**
 * Whether the shell lays the page out for the desktop, following its changes. The shell owns the layout rule
 * (DESIGN §3), so this reads its decision rather than measuring the window again; without the shell (the
 * standalone preview, tests) it is the phone layout.
 */
export function useDesktopLayout(): boolean {
  const [wide, setWide] = useState(desktopLayout);
  useEffect(() => {
    const observer = new MutationObserver(() => setWide(desktopLayout()));
    observer.observe(document.body, { attributes: true, attributeFilter: ['data-layout'] });
    setWide(desktopLayout());
    return () => observer.disconnect();
  }, []);
  return wide;
}
