import type { SecondsDirection } from '@meridian/contracts';
import type { Tick } from '../market/feed/port.js';
import { Dec } from '../ledger/decimal.js';
import { refuse } from '../trading/refusal.js';
import type { SecondsProduct } from './products.js';

/**
 * A tick older than this at acceptance is not "the feed tick current at acceptance": the purchase is refused
 * ("Market data is delayed"). At 10 s a client watching a faster source than ours could buy after a move at the
 * price from before it. One feed step (1 s) is the most a current tick can be behind, plus up to half a second by
 * which the feed's timer may fire late on a busy process: at exactly 1 s, a purchase in that gap before each tick
 * of a healthy feed was refused. A stalled feed (or an exchange stream gone quiet) is still refused within 1.5 s.
 */
export const MAX_TICK_AGE_MS = 1_500;
/**
 * How far after its expiry a recorded tick may still close a contract. The feed ticks every second, so a tick
 * recorded within 2 s of expiry is the price at expiry; when the first one is later (the server was down, the feed
 * stalled) no price was recorded at expiry and the stake is refunded. The same 2 s are in the database's guards
 * (migration 0024).
 */
export const SETTLE_TOLERANCE_MS = 2_000;
/** Contracts settled per job run (one transaction: on PGlite the whole store waits for it). */
export const SETTLE_BATCH = 200;
/** Recorded ticks are kept this long (older ones no contract refers to and no open contract needs are deleted). */
export const TICK_RETENTION_MS = 24 * 3600_000;

/** What a purchase asks for, as the route hands it over. */
export interface OpenInput {
  symbol: string;
  direction: SecondsDirection;
  productId?: string | undefined;
  duration?: number | undefined;
  stake: string;
  requestId: string;
}

/** The product found for a purchase is usable for it: enabled, on the symbol, of the duration asked (if one was). */
export function requireProductFits(product: SecondsProduct | undefined, input: Pick<OpenInput, 'duration'>, symbol: string): SecondsProduct {
  if (!product || !product.enabled || product.symbol !== symbol) throw refuse('secondsProductUnavailable');
  if (input.duration !== undefined && input.duration !== product.durationSeconds) throw refuse('secondsProductUnavailable');
  return product;
}

/**
 * The product's terms applied to a purchase at `now`: the contract must expire before the market's next close and
 * the stake lie within the product's bounds. Answers the stake in its plain decimal form.
 */
export function checkPurchase(product: SecondsProduct, stake: string, now: Date, nextClose: number | null): string {
  if (nextClose !== null && now.getTime() + product.durationSeconds * 1000 >= nextClose) throw refuse('expiryAfterClose');
  const amount = new Dec(stake);
  if (amount.lt(product.minStake)) throw refuse('stakeBelowMinimum', { min: product.minStake });
  if (amount.gt(product.maxStake)) throw refuse('stakeAboveMaximum', { max: product.maxStake });
  return amount.toFixed();
}

/** The feed's tick is the price at acceptance only when there is one and it is at most MAX_TICK_AGE_MS old. */
export function requireCurrentTick(tick: Tick | undefined, symbol: string, now: Date): Tick {
  if (!tick) throw refuse('priceNotCurrent', { symbol });
  if (now.getTime() - tick.time > MAX_TICK_AGE_MS) throw refuse('marketDataDelayed', { symbol });
  return tick;
}

/** Whether the first tick recorded at or after expiry is the price at expiry (else the contract is refunded). */
export function closesOnTime(firstAfter: { feedTime: Date }, expiresAt: Date): boolean {
  return firstAfter.feedTime.getTime() - expiresAt.getTime() <= SETTLE_TOLERANCE_MS;
}
