import { Dec } from '../ledger/decimal.js';
import type { Direction } from './trigger-index.js';

/** Decimals a trailing trigger's price keeps (finer than any instrument's price step; shown at the instrument's). */
const TRAIL_DECIMALS = 8;

/**
 * The price of a trailing trigger `callback` percent from its peak: a falling trigger (lte: a sell, closing a long)
 * fires at peak × (1 − callback), a rising one (gte: a buy, closing a short) at trough × (1 + callback), as the
 * large venues publish their trailing stops. Rounded toward the peak, so the trigger is never further than the
 * callback the user chose.
 */
export function trailPrice(direction: Direction, peak: string, callback: string): string {
  const rate = new Dec(callback).div(100);
  const falling = direction === 'lte';
  const raw = new Dec(peak).times(falling ? new Dec(1).minus(rate) : new Dec(1).plus(rate));
  return raw.toDecimalPlaces(TRAIL_DECIMALS, falling ? Dec.ROUND_UP : Dec.ROUND_DOWN).toFixed();
}

/** The peak after a watched `price`: a higher price for a falling trigger, a lower one for a rising one; else undefined. */
export function nextPeak(direction: Direction, peak: string, price: string): string | undefined {
  const better = direction === 'lte' ? new Dec(price).gt(peak) : new Dec(price).lt(peak);
  return better ? new Dec(price).toFixed() : undefined;
}
