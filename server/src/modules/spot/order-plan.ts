import { walkAmount, walkQuantity, type BookLevel, type Take, type Walk } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import { AMOUNT_SCALE } from '../ledger/ledger.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { refuse } from '../trading/refusal.js';
import type { Side } from './storage.js';

/*
 * A spot order's arithmetic before anything moves: the walk a market order takes, the part of a limit order the
 * book already crosses, each level's value and fee, and the average shown. Placing (service.ts) and estimating
 * (estimate.ts) both call these, so the receipt's figures are the ones charged.
 */

type D = InstanceType<typeof Dec>;

/** One level taken: its value in the quote and its fee in the asset received. */
export interface PricedTake {
  take: Take;
  value: D;
  fee: D;
}

/**
 * Each level of `walk` with its value and fee, and their total fee: a fill per level, the fee in the asset
 * received (a buy's on the quantity, exact within 18 decimals; a sell's on the value, rounded up).
 */
export function feesOf(walk: Pick<Walk, 'takes'>, side: Side, rate: string): { fills: PricedTake[]; fee: D } {
  let fee = new Dec(0);
  const fills = walk.takes.map((take) => {
    const value = new Dec(take.price).times(take.quantity);
    const takeFee = (side === 'buy' ? new Dec(take.quantity) : value).times(rate).toDecimalPlaces(AMOUNT_SCALE, Dec.ROUND_UP);
    fee = fee.plus(takeFee);
    return { take, value, fee: takeFee };
  });
  return { fills, fee };
}

/**
 * What a market order takes from `book` (its side): by quote `amount` (a market buy) level by level in whole steps
 * of the coin, or by `quantity`. Refused whole when the book cannot absorb it, and an amount's quantity outside
 * the instrument's bounds.
 */
export function marketWalk(terms: InstrumentTerms, book: readonly BookLevel[], side: Side, size: { quantity: string | null; amount: string | null }): Walk {
  if (size.amount !== null) {
    const byValue = walkAmount(book, size.amount, terms.amountDecimals);
    if (byValue.exhausted) throw refuse('insufficientDepth');
    if (byValue.quantity.lt(terms.minQuantity)) throw refuse('quantityBelowMinimum', { min: terms.minQuantity });
    if (byValue.quantity.gt(terms.maxQuantity)) throw refuse('quantityAboveMaximum', { max: terms.maxQuantity });
    return byValue;
  }
  const walk = walkQuantity(book, side, size.quantity!);
  if (walk.quantity.lt(size.quantity!)) throw refuse('insufficientDepth');
  return walk;
}

/** The part of a limit order of `left` the book fills now: the levels at or better than its price (a token offering: its price). */
export function limitCrossing(book: readonly BookLevel[], side: Side, left: string, price: string): Walk {
  return walkQuantity(book, side, left, price);
}

/**
 * The average of value over quantity for display (an order's donePrice and averagePrice, the estimate's expected
 * price): at the instrument's price decimals, half up, as every other price of the instrument is shown. Nothing
 * moves by it: the ledger, the holdings' cost and the receipts use the exact value and the fills' own prices.
 */
export function averagePrice(quantity: string, value: string, priceDecimals: number): string | null {
  const q = new Dec(quantity);
  if (q.isZero()) return null;
  return new Dec(value).div(q).toDecimalPlaces(priceDecimals, Dec.ROUND_HALF_UP).toFixed(priceDecimals);
}
