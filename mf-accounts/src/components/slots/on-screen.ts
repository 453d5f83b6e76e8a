import { useEffect, useState, type RefObject } from 'react';

/**
 * True once any part of the element has been on screen, and from then on (a loaded section stays). Where
 * IntersectionObserver does not exist, true at once: the section loads as it did before.
 */
export function useOnceOnScreen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
