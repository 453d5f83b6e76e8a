import { Decimal } from 'decimal.js';

/**
 * The arithmetic of a seconds contract (a fixed-term up/down binary contract), shared by the server's settlement
 * and the trade screen's disclosure, so the numbers a user reads before buying are the ones the server applies.
 */
export type SecondsDirection = 'up' | 'down';
export type SecondsOutcome = 'win' | 'loss' | 'tie';
export type DurationUnit = 'sec' | 'mins' | 'hour';

/**
 * The spec's labels: "sec, mins, hour". Whole hours are hours, whole minutes from 2 minutes up are minutes,
 * anything else (30 s, 60 s, 90 s) is seconds.
 */
export function durationLabel(seconds: number): { value: number; unit: DurationUnit } {
  if (seconds % 3600 === 0) return { value: seconds / 3600, unit: 'hour' };
  if (seconds % 60 === 0 && seconds >= 120) return { value: seconds / 60, unit: 'mins' };
  return { value: seconds, unit: 'sec' };
}

/**
 * The win rate at which buying at `ratio` neither gains nor loses on average: a win gains stake × ratio, a loss
 * loses the stake, so p × ratio = (1 − p) → p = 1 / (1 + ratio). Four decimals, rounded up (the rate a user must
 * at least reach).
 */
export function breakEvenWinRate(ratio: string): string {
  return new Decimal(1).div(new Decimal(1).plus(ratio)).toDecimalPlaces(4, Decimal.ROUND_UP).toFixed(4);
}

/** Up wins when the close is above the open, down when below; an equal close is a tie (the stake comes back). */
export function outcomeOf(direction: SecondsDirection, openPrice: string, closePrice: string): SecondsOutcome {
  const cmp = new Decimal(closePrice).cmp(openPrice);
  if (cmp === 0) return 'tie';
  return (cmp > 0) === (direction === 'up') ? 'win' : 'loss';
}

/**
 * What settlement returns to the user: a win stake × (1 + ratio), a tie the stake, a loss nothing. Exact: stakes
 * carry at most 6 decimals and ratios 4, so the product has at most 10 (the ledger keeps 18).
 */
export function payoutOf(outcome: SecondsOutcome, stake: string, ratio: string): string {
  if (outcome === 'win') return new Decimal(stake).times(new Decimal(1).plus(ratio)).toFixed();
  if (outcome === 'tie') return new Decimal(stake).toFixed();
  return '0';
}

/** The user's result of a settled contract: payout − stake (signed). */
export function netOf(outcome: SecondsOutcome, stake: string, ratio: string): string {
  return new Decimal(payoutOf(outcome, stake, ratio)).minus(stake).toFixed();
}

/** Stakes are USDT with at most this many decimals; payout ratios at most RATIO_DECIMALS. */
export const STAKE_DECIMALS = 6;
export const RATIO_DECIMALS = 4;
