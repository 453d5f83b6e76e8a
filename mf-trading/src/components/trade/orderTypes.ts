import { formatQuotePrice } from '@meridian/shared';
import Decimal from 'decimal.js';
import { parseAmount } from '@meridian/shared/money';
import type { Key } from '../../i18n';
import type { OrderKind, OrderSide } from './rules';

/*
 * The perpetual and forex order types beyond market and limit, as the order form holds them and the engine takes
 * them (contracts' OrderTypeFields): a condition on top of the market/limit choice (a stop: stop-market or
 * stop-limit; a trailing stop, market only), time in force and post-only for limits, reduce-only for any order.
 * Pure, so the form, the receipt, the lists and their tests share them.
 */

export type Condition = 'none' | 'stop' | 'trailing';
export type TriggerSource = 'mark' | 'last';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
export type ApiOrderType = 'market' | 'limit' | 'stop_market' | 'stop_limit' | 'trailing_stop';

export interface AdvancedOrder {
  condition: Condition;
  triggerPrice: string;
  triggerSource: TriggerSource;
  /** Percent (0.1 to 10). */
  callbackRate: string;
  timeInForce: TimeInForce;
  postOnly: boolean;
  reduceOnly: boolean;
}

export const PLAIN_ORDER: AdvancedOrder = { condition: 'none', triggerPrice: '', triggerSource: 'mark', callbackRate: '1', timeInForce: 'GTC', postOnly: false, reduceOnly: false };

/** The engine's bounds on a trailing stop's callback rate, in percent. */
export const CALLBACK_RATE = { min: '0.1', max: '10' } as const;

/** The order type the engine is asked for: the condition on top of market or limit (a trailing stop is market). */
export function apiOrderType(kind: OrderKind, advanced: AdvancedOrder): ApiOrderType {
  if (advanced.condition === 'trailing') return 'trailing_stop';
  if (advanced.condition === 'stop') return kind === 'limit' ? 'stop_limit' : 'stop_market';
  return kind;
}

/** The body fields an order of this type sends besides side, size and price (only the ones that apply). */
export function advancedBody(kind: OrderKind, advanced: AdvancedOrder) {
  const type = apiOrderType(kind, advanced);
  const limit = type === 'limit' || type === 'stop_limit';
  return {
    type,
    ...(type === 'stop_market' || type === 'stop_limit' ? { triggerPrice: advanced.triggerPrice.trim() } : {}),
    ...(type === 'trailing_stop' ? { callbackRate: advanced.callbackRate.trim() } : {}),
    ...(advanced.condition !== 'none' ? { triggerSource: advanced.triggerSource } : {}),
    // GTC is the engine's default: a plain limit's body stays as it was
    ...(limit && advanced.timeInForce !== 'GTC' ? { timeInForce: advanced.timeInForce } : {}),
    ...(limit && advanced.postOnly && advanced.timeInForce === 'GTC' ? { postOnly: true } : {}),
    ...(advanced.reduceOnly ? { reduceOnly: true } : {}),
  };
}

/** Texts of the order types (this remote's keys). */
export const ORDER_TYPE_TEXT: Record<ApiOrderType, Key> = {
  market: 'orderMarket',
  limit: 'orderLimit',
  stop_market: 'orderStopMarket',
  stop_limit: 'orderStopLimit',
  trailing_stop: 'orderTrailingStop',
};

export interface AdvancedProblems {
  trigger: Key | null;
  callback: Key | null;
}

/**
 * The form's checks of the condition fields, as the engine's: a stop needs a positive trigger price at the
 * instrument's decimals, not at the current price of its source (it would fire at once); a trailing stop a
 * callback rate within the bounds.
 */
export function advancedProblems(advanced: AdvancedOrder, current: string | null, priceDecimals: number): AdvancedProblems {
  let trigger: Key | null = null;
  let callback: Key | null = null;
  if (advanced.condition === 'stop') {
    const price = parseAmount(advanced.triggerPrice.trim());
    if (advanced.triggerPrice.trim() === '') trigger = 'triggerRequired';
    else if (!price || price.lte(0) || price.decimalPlaces() > priceDecimals) trigger = 'triggerInvalid';
    else if (current !== null && price.eq(current)) trigger = 'triggerAtPrice';
  }
  if (advanced.condition === 'trailing') {
    const rate = parseAmount(advanced.callbackRate.trim());
    if (!rate || rate.lt(CALLBACK_RATE.min) || rate.gt(CALLBACK_RATE.max) || rate.decimalPlaces() > 2) callback = 'callbackRange';
  }
  return { trigger, callback };
}

/** Whether a stop fires as its source rises to the trigger (above the price now) or falls to it. */
export const triggerRises = (trigger: string, current: string): boolean => new Decimal(trigger).gt(current);

/**
 * A trailing stop's trigger as it stands: the best price since placement (`peak`, moved by `current` when it is
 * better: the highest for a sell, the lowest for a buy) at `callback` percent from it, at the price decimals
 * (rounded toward the peak, as the engine does). With no peak yet (before placing), the current price is the peak.
 */
export function trailingTrigger(side: OrderSide, peak: string | null, current: string, callback: string, priceDecimals: number): { peak: string; trigger: string } {
  const sell = side === 'sell';
  const now = new Decimal(current);
  const best = peak === null ? now : sell ? Decimal.max(peak, now) : Decimal.min(peak, now);
  const rate = new Decimal(callback).div(100);
  const raw = best.times(sell ? new Decimal(1).minus(rate) : new Decimal(1).plus(rate));
  return { peak: best.toFixed(), trigger: raw.toDecimalPlaces(priceDecimals, sell ? Decimal.ROUND_UP : Decimal.ROUND_DOWN).toFixed() };
}

/** The price a conditional order's margin is held at (the engine's rule): its limit, else its trigger, else now. */
export function conditionalBasis(kind: OrderKind, advanced: AdvancedOrder, limitPrice: string | null, current: string | null): string | null {
  if (advanced.condition === 'none') return null;
  if (advanced.condition === 'stop') {
    if (kind === 'limit') return limitPrice;
    const trigger = parseAmount(advanced.triggerPrice.trim());
    return trigger && trigger.gt(0) ? trigger.toFixed() : null;
  }
  return current;
}

/** How often the open orders are re-read while a trailing stop waits (its trigger moves with the price). */
export const TRAILING_REFRESH_MS = 3000;

/** The fields of an order the open-orders list shows for its type (orderTypes' keys with their values). */
export interface TypedOrderFields {
  type: ApiOrderType;
  triggerPrice?: string | null;
  triggerSource?: TriggerSource | null;
  callbackRate?: string | null;
  trailingPeak?: string | null;
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  reduceOnly?: boolean;
}

/**
 * The open-orders list's facts of an order's type: the trigger (a trailing stop's as it stands now, with its
 * callback and the best price it has seen), what it watches, the time in force of a limit and its flags.
 */
export function orderTypeFacts(order: TypedOrderFields, priceDecimals: number, t: (key: Key, values?: Record<string, string>) => string): Array<[Key, string]> {
  const facts: Array<[Key, string]> = [];
  if (order.triggerPrice) {
    const source = t(order.triggerSource === 'last' ? 'sourceLast' : 'sourceMark');
    const callback = order.type === 'trailing_stop' && order.callbackRate ? ` · ${order.callbackRate}%` : '';
    facts.push(['colTrigger', `${formatTrigger(order.triggerPrice, priceDecimals)} (${source})${callback}`]);
  }
  if (order.type === 'trailing_stop' && order.trailingPeak) facts.push(['colTrailingPeak', formatTrigger(order.trailingPeak, priceDecimals)]);
  if ((order.type === 'limit' || order.type === 'stop_limit') && order.timeInForce) facts.push(['colTimeInForce', order.timeInForce]);
  const flags = [order.postOnly ? t('flagPostOnly') : null, order.reduceOnly ? t('flagReduceOnly') : null].filter((f): f is string => f !== null);
  if (flags.length) facts.push(['colFlags', flags.join(' · ')]);
  return facts;
}

const formatTrigger = (value: string, priceDecimals: number) => formatQuotePrice(value, priceDecimals);
