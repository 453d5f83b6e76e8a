import { useEffect, useState, type RefObject } from 'react';

/**
 * How far below (or above) the visible area a section starts loading: about half a phone screen, so that a user
 * scrolling at a normal pace finds it loaded, and its growth happens off screen (no visible shift).
 */
export const NEAR_VIEWPORT_MARGIN = '400px 0px';

/**
 * True once the element has come within NEAR_VIEWPORT_MARGIN of the viewport, and from then on (a loaded section
 * stays). Where IntersectionObserver does not exist, true at once: the section loads as it did before.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
