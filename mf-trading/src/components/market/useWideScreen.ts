import { useEffect, useState } from 'react';
import { NARROW_MAX_WIDTH } from '@meridian/shared';

const wide = () => typeof window !== 'undefined' && window.innerWidth > NARROW_MAX_WIDTH;

/** Whether the window is desktop-wide (above 1000 px, the shell's layout rule), following resizes. */
export function useWideScreen(): boolean {
  const [isWide, setWide] = useState(wide);
  useEffect(() => {
    const update = () => setWide(wide());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return isWide;
}
