// The depth walk of a market order, shared by the server that fills it (spot, perpetual) and the trade screen's
// pre-trade receipt, so the quantity and price a user is shown are the ones the engine takes from the same book.
import { Decimal } from 'decimal.js';

/** 64 significant digits: an amount up to 1e17 with 18 decimals times a price stays exact (the server's Dec). */
const WalkDecimal = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof WalkDecimal>;

/** One book level, best first: its price and the quantity it holds. */
export type BookLevel = readonly [price: string, quantity: string];

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
  quantity: takes.reduce((sum, t) => sum.plus(t.quantity), new WalkDecimal(0)),
  value: takes.reduce((sum, t) => sum.plus(new WalkDecimal(t.price).times(t.quantity)), new WalkDecimal(0)),
});

/** Whether a level's price is within a limit: a buy takes asks at or below it, a sell bids at or above it. */
const within = (side: 'buy' | 'sell', price: string, limit: string | undefined) =>
  limit === undefined || (side === 'buy' ? new WalkDecimal(price).lte(limit) : new WalkDecimal(price).gte(limit));

/**
 * Takes `quantity` from the book's levels (best first: asks for a buy, bids for a sell), each level at its own
 * price, so the average is volume-weighted and never better than the book. With a `limit`, only levels at or
 * better than it are taken and the result may be short of `quantity` (a resting limit order fills in part);
 * without one the caller refuses a book too thin for the whole quantity.
 */
export function walkQuantity(levels: readonly BookLevel[], side: 'buy' | 'sell', quantity: Decimal.Value, limit?: string): Walk {
  const takes: Take[] = [];
  let left = new WalkDecimal(quantity);
  for (const [price, available] of levels) {
    if (left.lte(0) || !within(side, price, limit)) break;
    const take = WalkDecimal.min(left, available);
    if (take.lte(0)) continue;
    takes.push({ price, quantity: take.toFixed() });
    left = left.minus(take);
  }
  return walkOf(takes);
}

/**
 * A market order for a quote `amount`: at each level, as many units (at the instrument's amount decimals, rounded
 * down) as the amount left pays for, until the amount or the book runs out. What the rounding leaves unspent
 * stays with the user: only the value taken is debited. `exhausted` when every level was taken and the amount
 * still buys more (the book is too thin for it).
 */
export function walkAmount(levels: readonly BookLevel[], amount: Decimal.Value, amountDecimals: number): Walk & { exhausted: boolean } {
  const takes: Take[] = [];
  let left = new WalkDecimal(amount);
  let exhausted = true;
  for (const [price, available] of levels) {
    const affordable = left.div(price).toDecimalPlaces(amountDecimals, WalkDecimal.ROUND_DOWN);
    const take = WalkDecimal.min(affordable, available);
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

/** Divisions rounded away from the user, so their rounding to fewer places keeps that direction (ceil∘ceil = ceil). */
const Up = WalkDecimal.clone({ rounding: WalkDecimal.ROUND_UP });
const Down = WalkDecimal.clone({ rounding: WalkDecimal.ROUND_DOWN });

/**
 * The one price a walk is booked at when its levels make a single fill (a perpetual or forex market order):
 * Σ price × quantity / Σ quantity at the instrument's price decimals, rounded up for a buy and down for a sell, so
 * it is never better for the user than the levels taken. Null when the walk took nothing.
 */
export function walkPrice(walk: Pick<Walk, 'quantity' | 'value'>, side: 'buy' | 'sell', priceDecimals: number): string | null {
  if (walk.quantity.lte(0)) return null;
  const Directed = side === 'buy' ? Up : Down;
  return new Directed(walk.value).div(walk.quantity).toDecimalPlaces(priceDecimals, Directed.rounding).toFixed();
}
