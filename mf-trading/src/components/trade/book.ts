import Decimal from 'decimal.js';
import type { DepthLevel } from '@meridian/shared';

/** What walking the shown book for an order gives: the volume-weighted price and how much the levels hold. */
export interface BookWalk {
  /** Volume-weighted average price of the part the shown levels cover (null when they cover nothing). */
  averagePrice: Decimal | null;
  /** Base quantity the shown levels cover. */
  filled: Decimal;
  /** Whether the shown levels cover the whole order (otherwise the rest fills beyond the 10 levels shown). */
  complete: boolean;
}

const valid = (levels: readonly DepthLevel[]) =>
  levels.filter(([price, amount]) => /^\d+(\.\d+)?$/.test(price) && /^\d+(\.\d+)?$/.test(amount) && new Decimal(amount).gt(0));

/**
 * Walks the levels a market order takes (asks for a buy, bids for a sell), best first, for a base `quantity`:
 * the expected fill price the receipt shows. The server fills the same way against its feed; the levels here
 * are the last ones streamed, so the receipt says "expected".
 */
export function walkQuantity(levels: readonly DepthLevel[], quantity: Decimal.Value): BookWalk {
  let left = new Decimal(quantity);
  let cost = new Decimal(0);
  let filled = new Decimal(0);
  for (const [price, amount] of valid(levels)) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, amount);
    cost = cost.plus(take.times(price));
    filled = filled.plus(take);
    left = left.minus(take);
  }
  return { averagePrice: filled.gt(0) ? cost.div(filled) : null, filled, complete: left.lte(0) };
}

/**
 * The same walk for an amount of the quote unit to spend (an order "by amount"). With `amountDecimals` it is the
 * engine's walk (server trading/walk.ts): at each level only whole steps of the coin's decimals, rounded down, the
 * rest of the amount unspent, complete once a level holds more than the amount left buys.
 */
export function walkAmount(levels: readonly DepthLevel[], spend: Decimal.Value, amountDecimals?: number): BookWalk {
  let left = new Decimal(spend);
  let cost = new Decimal(0);
  let filled = new Decimal(0);
  for (const [price, amount] of valid(levels)) {
    if (amountDecimals !== undefined) {
      const affordable = left.div(price).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN);
      const take = Decimal.min(affordable, amount);
      filled = filled.plus(take);
      cost = cost.plus(take.times(price));
      left = left.minus(take.times(price));
      if (affordable.lte(amount)) return { averagePrice: filled.gt(0) ? cost.div(filled) : null, filled, complete: true };
      continue;
    }
    if (left.lte(0)) break;
    const levelCost = new Decimal(amount).times(price);
    const takeCost = Decimal.min(left, levelCost);
    filled = filled.plus(takeCost.div(price));
    cost = cost.plus(takeCost);
    left = left.minus(takeCost);
  }
  return { averagePrice: filled.gt(0) ? cost.div(filled) : null, filled, complete: amountDecimals === undefined && left.lte(0) };
}

/** Best ask less best bid, and that as a percentage of the mid price; null without both sides. */
export function spreadOf(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): { absolute: Decimal; percent: Decimal } | null {
  const bid = valid(bids)[0];
  const ask = valid(asks)[0];
  if (!bid || !ask) return null;
  const absolute = new Decimal(ask[0]).minus(bid[0]);
  const mid = new Decimal(ask[0]).plus(bid[0]).div(2);
  return { absolute, percent: mid.gt(0) ? absolute.div(mid).times(100) : new Decimal(0) };
}
