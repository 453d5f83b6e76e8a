import { Dec } from '../../modules/ledger/decimal.js';
import type { PlannedPayout } from './payouts.js';
import type { ProductDefinition } from './sell.js';

/**
 * The kit's worked example (server README, "Product kit"), also what its tests sell: a fixed-term deposit. The
 * principal is held for termDays; every day pays principal × dailyRate (rounded down to the asset's decimals:
 * never more than the terms promise) from the reserve; the last day's payout also releases the hold.
 */
export interface FixedTermTerms {
  asset: string;
  termDays: number;
  /** 0.001 = 0.1 % a day. */
  dailyRate: string;
  /** Decimals of the asset's amounts. */
  scale: number;
}

const DAY_MS = 86_400_000;

export function fixedTermPayouts(terms: FixedTermTerms, principal: string, start: Date): PlannedPayout[] {
  const daily = new Dec(principal).times(terms.dailyRate).toDecimalPlaces(terms.scale, Dec.ROUND_DOWN).toFixed();
  return Array.from({ length: terms.termDays }, (_, i) => ({
    seq: i + 1,
    dueAt: new Date(start.getTime() + (i + 1) * DAY_MS),
    amount: daily,
    releasesHold: i + 1 === terms.termDays,
  }));
}

export const FIXED_TERM: ProductDefinition<FixedTermTerms> = {
  kind: 'fixed-term',
  wallet: 'platform',
  holdReason: 'productPurchase',
  payoutRule: fixedTermPayouts,
};
