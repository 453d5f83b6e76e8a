import type { PerpSide } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import type { Direction } from '../trading/trigger-index.js';
import { refuse } from '../trading/refusal.js';

export type PerpOrderKind = 'market' | 'limit' | 'stop_market' | 'stop_limit' | 'trailing_stop';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
export type TriggerSource = 'mark' | 'last';

/** What an order asks beyond market and limit (contracts' OrderTypeFields). */
export interface OrderTypeInput {
  type: PerpOrderKind;
  side: PerpSide;
  price?: string | undefined;
  triggerPrice?: string | undefined;
  triggerSource?: TriggerSource | undefined;
  callbackRate?: string | undefined;
  timeInForce?: TimeInForce | undefined;
  postOnly?: boolean | undefined;
  reduceOnly?: boolean | undefined;
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
}

/** The callback rates a trailing stop may use, in percent (as the large venues offer). */
export const CALLBACK_RATE = { min: '0.1', max: '10' } as const;

/** Orders that wait for a trigger before they become a market or limit order. */
export const isConditional = (type: PerpOrderKind): type is 'stop_market' | 'stop_limit' | 'trailing_stop' =>
  type === 'stop_market' || type === 'stop_limit' || type === 'trailing_stop';

/** Orders that carry a limit price: a limit, and a stop-limit once triggered. */
export const hasLimit = (type: PerpOrderKind): boolean => type === 'limit' || type === 'stop_limit';

/**
 * Which way a stop's trigger fires: when the watched price rises to a trigger above it (gte), or falls to one
 * below it (lte), as the large venues decide a conditional order's direction from the price when it is placed.
 * A trigger at the price itself would fire at once: refused.
 */
export function stopDirection(trigger: string, current: string): Direction {
  const t = new Dec(trigger);
  if (t.eq(current)) throw refuse('triggerAtCurrentPrice', { price: new Dec(current).toFixed() });
  return t.gt(current) ? 'gte' : 'lte';
}

/** A trailing stop that sells (a short, or closing a long) follows the highest price down; a buy follows the lowest up. */
export const trailingDirection = (side: PerpSide): Direction => (side === 'short' ? 'lte' : 'gte');

/**
 * The checks an order's type fields pass before anything is written: what each type needs, and the combinations
 * that make no sense (post-only is a resting order: GTC only; a reduce-only order closes, so no TP/SL of its own).
 * Answers the trigger source, time in force and flags with their defaults.
 */
export function checkOrderType(input: OrderTypeInput): { triggerSource: TriggerSource; timeInForce: TimeInForce; postOnly: boolean; reduceOnly: boolean } {
  const timeInForce = input.timeInForce ?? 'GTC';
  const postOnly = input.postOnly === true;
  const reduceOnly = input.reduceOnly === true;
  if (hasLimit(input.type) && input.price === undefined) throw refuse('invalidPrice');
  if ((input.type === 'stop_market' || input.type === 'stop_limit') && input.triggerPrice === undefined) throw refuse('triggerPriceRequired');
  if (input.type === 'trailing_stop') {
    const rate = input.callbackRate === undefined ? null : new Dec(input.callbackRate);
    if (rate === null || rate.lt(CALLBACK_RATE.min) || rate.gt(CALLBACK_RATE.max)) throw refuse('callbackRateOutOfRange', { ...CALLBACK_RATE });
  }
  if (postOnly && (!hasLimit(input.type) || timeInForce !== 'GTC')) throw refuse('postOnlyNeedsGtc');
  if (reduceOnly && (input.takeProfit != null || input.stopLoss != null)) throw refuse('reduceOnlyNoTpSl');
  return { triggerSource: input.triggerSource ?? 'mark', timeInForce, postOnly, reduceOnly };
}

/**
 * What a limit's time in force and post-only make of the part the book crosses at once (`now`, of `quantity`):
 * post-only refuses any crossing, FOK refuses unless all of it crosses, IOC refuses when nothing does. Answers
 * whether the rest rests (GTC) or is cancelled (IOC).
 */
export function limitRule(rule: { timeInForce: TimeInForce; postOnly: boolean }, quantity: string, now: { quantity: string; price: string } | null): { rests: boolean } {
  if (rule.postOnly && now) throw refuse('postOnlyWouldTake', { price: now.price });
  if (rule.timeInForce === 'FOK' && (!now || new Dec(now.quantity).lt(quantity))) throw refuse('fokNotFilled');
  if (rule.timeInForce === 'IOC' && !now) throw refuse('iocNothingFilled');
  return { rests: rule.timeInForce === 'GTC' };
}

/** A reduce-only order with nothing to reduce: a long order reduces a short position and the other way round. */
export const noPositionToReduce = (side: PerpSide) => refuse(side === 'long' ? 'reduceOnlyNoShort' : 'reduceOnlyNoLong');
