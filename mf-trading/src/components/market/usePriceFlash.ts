import { useState } from 'react';
import { compareDecimal } from './quotes';

/** Which way the last change went, and a counter to key the flashing element on (so each change restarts the animation). */
export interface PriceFlash {
  dir: 'up' | 'down';
  n: number;
}

/**
 * The brief flash of a price when it moves, shared by the quote lists and the trade screen's symbol bar: state
 * adjusted during render, not in an effect. Render the price with `key={flash?.n ?? 0}` and `flashClass(flash)` from
 * market.module.css (background only: the box keeps its size).
 */
export function usePriceFlash(price: string | undefined): PriceFlash | null {
  const [seen, setSeen] = useState(price);
  const [flash, setFlash] = useState<PriceFlash | null>(null);
  if (price !== seen) {
    setSeen(price);
    // the first price after none is not a move
    if (price !== undefined && seen !== undefined) {
      setFlash((previous) => ({ dir: compareDecimal(price, seen) >= 0 ? 'up' : 'down', n: (previous?.n ?? 0) + 1 }));
    }
  }
  return flash;
}

/** The flash's class name in market.module.css. */
export function flashClassName(flash: PriceFlash | null): 'flashUp' | 'flashDown' | undefined {
  return flash ? (flash.dir === 'up' ? 'flashUp' : 'flashDown') : undefined;
}
