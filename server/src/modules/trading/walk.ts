import { Dec } from '../ledger/decimal.js';

type D = InstanceType<typeof Dec>;

/** Book levels a market order may walk (the feed's depth gives up to 20). */
export const DEPTH_LEVELS = 20;

/** One level taken from the book: its price and the quantity taken there. */
export interface Take {
  price: string;
  quantity: string;
}

export interface Walk {
  takes: Take[];
  quantity: D;
  /** Σ price × quantity, exact. */
  value: D;
}

const walkOf = (takes: Take[]): Walk => ({
  takes,
  quantity: takes.reduce((sum, t) => sum.plus(t.quantity), new Dec(0)),
  value: takes.reduce((sum, t) => sum.plus(new Dec(t.price).times(t.quantity)), new Dec(0)),
});

/** Whether a level's price is within a limit: a buy takes asks at or below it, a sell bids at or above it. */
const within = (side: 'buy' | 'sell', price: string, limit: string | undefined) =>
  limit === undefined || (side === 'buy' ? new Dec(price).lte(limit) : new Dec(price).gte(limit));

/**
 * Takes `quantity` from the book's levels (best first: asks for a buy, bids for a sell), each level at its own
 * price, so the average is volume-weighted and never better than the book. With a `limit`, only levels at or
 * better than it are taken and the result may be short of `quantity` (a resting limit order fills in part);
 * without one the caller refuses a book too thin for the whole quantity.
 */
export function walkQuantity(levels: readonly [string, string][], side: 'buy' | 'sell', quantity: string, limit?: string): Walk {
  const takes: Take[] = [];
  let left = new Dec(quantity);
  for (const [price, available] of levels) {
    if (left.lte(0) || !within(side, price, limit)) break;
    const take = Dec.min(left, available);
    if (take.lte(0)) continue;
    takes.push({ price, quantity: take.toFixed() });
    left = left.minus(take);
  }
  return walkOf(takes);
}

/**
 * A market buy for a quote `amount`: at each ask level, as many units (at the instrument's amount decimals,
 * rounded down) as the amount left pays for, until the amount or the book runs out. What the rounding leaves
 * unspent stays with the user: only the value taken is debited.
 */
export function walkAmount(levels: readonly [string, string][], amount: string, amountDecimals: number): Walk & { exhausted: boolean } {
  const takes: Take[] = [];
  let left = new Dec(amount);
  let exhausted = true;
  for (const [price, available] of levels) {
    const affordable = left.div(price).toDecimalPlaces(amountDecimals, Dec.ROUND_DOWN);
    const take = Dec.min(affordable, available);
    if (take.gt(0)) {
      takes.push({ price, quantity: take.toFixed() });
      left = left.minus(take.times(price));
    }
    if (affordable.lte(available)) {
      exhausted = false;
      break;
    }
  }
  return { ...walkOf(takes), exhausted };
}
