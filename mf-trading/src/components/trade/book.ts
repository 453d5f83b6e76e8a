import Decimal from 'decimal.js';
import type { Walk } from '@meridian/contracts';
import type { DepthLevel } from '@meridian/shared';

/**
 * The streamed levels a walk may take: well-formed prices and positive quantities only, so a malformed level
 * from the stream is passed over instead of failing the whole receipt.
 */
export const usableLevels = (levels: readonly DepthLevel[]) =>
  levels.filter(([price, amount]) => /^\d+(\.\d+)?$/.test(price) && /^\d+(\.\d+)?$/.test(amount) && new Decimal(amount).gt(0));

/** The volume-weighted price of what a walk took (contracts' walk), null when it took nothing. */
export const averagePriceOf = (walk: Walk): Decimal | null => (walk.quantity.gt(0) ? new Decimal(walk.value.toFixed()).div(walk.quantity.toFixed()) : null);

/** Best ask less best bid, and that as a percentage of the mid price; null without both sides. */
export function spreadOf(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): { absolute: Decimal; percent: Decimal } | null {
  const bid = usableLevels(bids)[0];
  const ask = usableLevels(asks)[0];
  if (!bid || !ask) return null;
  const absolute = new Decimal(ask[0]).minus(bid[0]);
  const mid = new Decimal(ask[0]).plus(bid[0]).div(2);
  return { absolute, percent: mid.gt(0) ? absolute.div(mid).times(100) : new Decimal(0) };
}
