import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (at once when `ms` is 0): what a live estimate asks for once typing
 * pauses, so a typed "1000" is one request, not four. Compare by identity: pass a string or a memoised object.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    // kept in step while not waiting, so a wait that starts later never shows an older value
    if (ms === 0) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms === 0 ? value : settled;
}
