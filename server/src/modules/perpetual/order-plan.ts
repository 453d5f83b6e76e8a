import { exposure, initialMargin, mergedEntry, notional, tradeFee, walkAmount, walkPrice, walkQuantity, type BookLevel, type PerpSide } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { QUOTE_RATE_SCALE } from '../trading/quote-rate.js';
import { refuse } from '../trading/refusal.js';

/*
 * What an order does to the money before anything is written: its size, the part the book fills now (walked,
 * taker), the part that rests (maker, at its limit), their margin and fee, and the position a fill merges into.
 * Pure functions of the terms, the book and the order: placing an order (service.ts) and estimating it
 * (estimate.ts) both call them, so the figures a user is shown before confirming are the figures charged.
 */

/** Long opens buy (ask), short opens sell (bid); closing does the opposite. */
export const bookSide = (side: PerpSide, opening: boolean): 'buy' | 'sell' => ((side === 'long') === opening ? 'buy' : 'sell');

/** A market fill: its one price and the levels behind it (the fill's evidence). */
export interface MarketFill {
  price: string;
  levels: [string, string][];
}

/** The part of an order one fill takes: its quantity and the margin and fee that quantity carries. */
export interface OrderPart {
  quantity: string;
  margin: string;
  fee: string;
}

const levelsOf = (walk: { takes: { price: string; quantity: string }[] }): [string, string][] => walk.takes.map((t): [string, string] => [t.price, t.quantity]);

/**
 * A market order of `quantity` fills as spot's does, never better than the book: walking `levels` (the side it
 * takes), at the walk's volume-weighted average (walkPrice: rounded to the price decimals against the user, the
 * one rounding a single fill of several levels needs). Refused whole when the depth cannot absorb it.
 */
export function marketFill(levels: readonly BookLevel[], side: 'buy' | 'sell', quantity: string, priceDecimals: number): MarketFill {
  const walk = walkQuantity(levels, side, quantity);
  const price = walkPrice(walk, side, priceDecimals);
  if (price === null || walk.quantity.lt(quantity)) throw refuse('insufficientDepth');
  return { price, levels: levelsOf(walk) };
}

/** The levels `quantity` takes walking `levels` (as far as the book goes; the evidence of a liquidation). */
export function walkedLevels(levels: readonly BookLevel[], side: 'buy' | 'sell', quantity: string): [string, string][] {
  return levelsOf(walkQuantity(levels, side, quantity));
}

/**
 * The part of a limit order the book already crosses: the levels at or better than the limit (walkQuantity with
 * the limit), at their walked average, which is never worse than the limit. Null when the book does not cross it.
 */
export function limitNow(levels: readonly BookLevel[], side: 'buy' | 'sell', quantity: string, limitPrice: string, priceDecimals: number): (MarketFill & { quantity: string }) | null {
  const walk = walkQuantity(levels, side, quantity, limitPrice);
  const price = walkPrice(walk, side, priceDecimals);
  if (price === null) return null;
  return { price, quantity: walk.quantity.toFixed(), levels: levelsOf(walk) };
}

/** A part's margin and fee: on its notional at `price` (its USDT exposure at the order's quote rate). */
export function partOf(quantity: string, price: string, rate: string, leverage: number, feeRate: string): OrderPart {
  const value = notional(price, exposure(quantity, rate));
  return { quantity, margin: initialMargin(value, leverage).toFixed(), fee: tradeFee(value, feeRate).toFixed() };
}

/**
 * The quantity a USDT `amount` sizes an order to, rounded down to the instrument's amount decimals: a limit
 * order's is amount / (limit price × quote rate); a market order's is what the amount takes walking `levels`, level
 * by level as a spot buy by amount does (refused when the depth cannot absorb it all).
 */
export function quantityForAmount(terms: InstrumentTerms, levels: readonly BookLevel[], amount: string, limitPrice: string | null, rate: string): string {
  const inQuote = new Dec(amount).div(rate);
  let quantity: Dec;
  if (limitPrice !== null) quantity = inQuote.div(limitPrice).toDecimalPlaces(terms.amountDecimals, Dec.ROUND_DOWN);
  else {
    const walk = walkAmount(levels, inQuote.toFixed(), terms.amountDecimals);
    if (walk.exhausted) throw refuse('insufficientDepth');
    quantity = walk.quantity;
  }
  // an amount too small for one step of the coin's decimals is below the minimum, not malformed
  if (quantity.lte(0)) throw refuse('quantityBelowMinimum', { min: terms.minQuantity });
  return quantity.toFixed();
}

export interface PlanInput {
  side: PerpSide;
  type: 'market' | 'limit';
  price?: string | undefined;
  quantity?: string | undefined;
  amount?: string | undefined;
  leverage: number;
}

/** An order's plan: its quantity, what fills now (taker) and what rests (maker), and the margin and fee held for both. */
export interface OpenPlan {
  quantity: string;
  now: (MarketFill & { quantity: string }) | null;
  part: OrderPart | null;
  rest: OrderPart | null;
  /** False when post-only, IOC or FOK leaves nothing to rest. */
  rests: boolean;
  margin: Dec;
  fee: Dec;
}

/**
 * Plans an order against `levels` (the side of the book it takes) at the quote rate `rate`: a market order fills
 * all of it now, walked (refused whole when the book is too thin); a limit order what the book already offers at
 * or better than its limit (server README, Marketable limit orders), the rest resting with its margin and maker
 * fee at its own limit. `checkQuantity`: the engine's size rules, applied to a quantity an amount sized.
 */
export function planOpen(
  terms: InstrumentTerms,
  input: PlanInput,
  levels: readonly BookLevel[],
  rate: string,
  checkQuantity: (terms: InstrumentTerms, quantity: string) => string,
  // post-only, IOC and FOK decide on what the book crosses at once whether the rest may rest (order-rules.ts)
  restAllowed: (quantity: string, now: (MarketFill & { quantity: string }) | null) => boolean = () => true,
): OpenPlan {
  const limit = input.type === 'limit';
  const take = bookSide(input.side, true);
  const quantity = input.quantity ?? checkQuantity(terms, quantityForAmount(terms, levels, input.amount!, limit ? input.price! : null, rate));
  const now = limit ? limitNow(levels, take, quantity, input.price!, terms.priceDecimals) : { ...marketFill(levels, take, quantity, terms.priceDecimals), quantity };
  const part = now && partOf(now.quantity, now.price, rate, input.leverage, terms.takerFeeRate);
  const restQuantity = new Dec(quantity).minus(part?.quantity ?? 0);
  const rests = !limit || restAllowed(quantity, now);
  const rest = limit && rests && restQuantity.gt(0) ? partOf(restQuantity.toFixed(), input.price!, rate, input.leverage, terms.makerFeeRate) : null;
  return {
    quantity,
    rests,
    now,
    part,
    rest,
    margin: new Dec(part?.margin ?? 0).plus(rest?.margin ?? 0),
    fee: new Dec(part?.fee ?? 0).plus(rest?.fee ?? 0),
  };
}

/** What a position holds that a merged fill changes. */
export interface Held {
  quantity: string;
  quoteRate: string;
  entryPrice: string;
  margin: string;
}

/**
 * A fill merged into an open position of the same symbol and side: the entry averaged by USDT exposure; with
 * different quote rates (a non-USDT quote), the merged rate is their quantity-weighted mean, so the merged exposure
 * is the sum of the two (to the rate's last decimal); margins summed.
 */
export function mergeFill(side: PerpSide, held: Held, fill: { quantity: string; quoteRate: string; margin: string }, price: string): Held {
  const [before, added] = [exposure(held.quantity, held.quoteRate), exposure(fill.quantity, fill.quoteRate)];
  const quantity = new Dec(held.quantity).plus(fill.quantity);
  return {
    quantity: quantity.toFixed(),
    entryPrice: mergedEntry(side, before, held.entryPrice, added, price).toFixed(),
    quoteRate: held.quoteRate === fill.quoteRate ? fill.quoteRate : new Dec(before).plus(added).div(quantity).toDecimalPlaces(QUOTE_RATE_SCALE, Dec.ROUND_HALF_UP).toFixed(),
    margin: new Dec(held.margin).plus(fill.margin).toFixed(),
  };
}
