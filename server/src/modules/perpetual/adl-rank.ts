import { notional, pnl, type PerpSide } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';

type D = InstanceType<typeof Dec>;

/** A position as the ADL queue ranks it: `quantity` is its USDT exposure (quantity × quote rate). */
export interface AdlCandidate {
  id: string;
  side: PerpSide;
  quantity: string;
  entryPrice: string;
  margin: string;
  mark: string;
}

/** How many lights the indicator has: the rank is the quintile of the queue, 5 = first to be deleveraged. */
export const ADL_BUCKETS = 5;

/**
 * A position's place in the auto-deleveraging queue, as the large venues publish it: unrealised P/L % of the margin ×
 * effective leverage (notional at the mark / (margin + unrealised P/L)). Highest first: the most profitable, most
 * leveraged positions are deleveraged first. Null when the position's equity is gone (it is being liquidated itself).
 */
export function adlScore(c: AdlCandidate): D | null {
  const unrealised = pnl(c.side, c.entryPrice, c.mark, c.quantity);
  const equity = new Dec(c.margin).plus(unrealised);
  if (equity.lte(0) || new Dec(c.margin).lte(0)) return null;
  const profit = unrealised.div(c.margin);
  const leverage = notional(c.mark, c.quantity).div(equity);
  return profit.times(leverage);
}

/** The queue of one side of one symbol: highest score first, the older position (smaller id) first on a tie. */
export function adlQueue<T extends AdlCandidate>(candidates: readonly T[]): { candidate: T; score: D | null }[] {
  const scored = candidates.map((candidate) => ({ candidate, score: adlScore(candidate) }));
  return scored.sort((a, b) => {
    if (a.score === null || b.score === null) return a.score === b.score ? byId(a.candidate, b.candidate) : a.score === null ? 1 : -1;
    return b.score.cmp(a.score) || byId(a.candidate, b.candidate);
  });
}

const byId = (a: AdlCandidate, b: AdlCandidate) => new Dec(a.id).cmp(b.id);

/**
 * Each position's indicator (by id): the quintile of its rank among the positions of the same symbol and side, 5 for
 * the top fifth of the queue (the first to be deleveraged) down to 1 for the last fifth.
 */
export function adlBuckets(candidates: readonly AdlCandidate[]): Map<string, number> {
  const queue = adlQueue(candidates);
  return new Map(queue.map(({ candidate }, index) => [candidate.id, ADL_BUCKETS - Math.floor((index * ADL_BUCKETS) / queue.length)]));
}

/**
 * The price at which a closed position's loss equals what backed it (`backing`: the margin released and, cross, the
 * available balance taken): long entry − backing / quantity, short entry + backing / quantity, rounded towards the
 * entry at the price decimals (the bankrupt position never loses more than its backing at it).
 */
export function bankruptcyPrice(side: PerpSide, entryPrice: string, quantity: string, backing: string, priceDecimals: number): string {
  const distance = new Dec(backing).div(quantity);
  const price = side === 'long' ? new Dec(entryPrice).minus(distance) : new Dec(entryPrice).plus(distance);
  const rounded = price.toDecimalPlaces(priceDecimals, side === 'long' ? Dec.ROUND_UP : Dec.ROUND_DOWN);
  const step = new Dec(1).div(new Dec(10).pow(priceDecimals));
  return Dec.max(rounded, step).toFixed();
}
