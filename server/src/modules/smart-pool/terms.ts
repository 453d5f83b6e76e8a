import { Dec } from '../ledger/decimal.js';
import { MAX_AMOUNT } from '../ledger/ledger.js';
import type { PlannedPayout } from '../../platform-kit/product/payouts.js';
import type { ProductDefinition } from '../../platform-kit/product/sell.js';
import { dailyHours, isTimeZone } from './payout-hour.js';

/**
 * A smart-pool miner's terms, one product_terms version (kind "smart-pool", id = the miner's id). Every figure a
 * purchase is paid by is here and is frozen into the order: a later version only reaches later purchases.
 */
export interface SmartPoolTerms {
  name: string;
  /** The miner level: a user's level is the highest among their locked orders; rebates need upline ≥ downline. */
  level: number;
  asset: string;
  /** The cycle: how many daily incomes; the principal comes back with the last one. */
  cycleDays: number;
  /** Daily income as a fraction of the amount ("0.005" = 0.5 % a day). */
  dailyRate: string;
  minAmount: string;
  maxAmount: string;
  /** The three referral tiers' rebates, as fractions of the downline's daily income. */
  rebateRates: [string, string, string];
  /** Income is paid at this local hour (the spec's 4 a.m.) once 24 hours have passed since purchase. */
  payoutHour: number;
  timeZone: string;
  /** Decimals of the asset's amounts (incomes are rounded down to them: never more than promised). */
  scale: number;
  /** false: not sold (existing orders keep being paid). */
  active: boolean;
  /**
   * Early redemption: the fraction of the principal kept as a penalty when the user redeems before the term ends
   * ("0.05" = 5 %). Absent or null: the order cannot be redeemed early (orders frozen before this term existed).
   */
  earlyRedeemPenaltyRate?: string | null;
}

export const SMART_POOL_KIND = 'smart-pool';
export const REBATE_KIND = 'smart-pool-rebate';
const DAY_MS = 86_400_000;

/** The daily income of an amount under frozen terms. */
export const dailyIncome = (terms: SmartPoolTerms, amount: string): Dec => new Dec(amount).times(terms.dailyRate).toDecimalPlaces(terms.scale, Dec.ROUND_DOWN);

/** When an order's incomes fall: the first payout hour at least 24 hours after purchase, then daily. */
export const incomeDates = (terms: SmartPoolTerms, start: Date): Date[] => dailyHours(new Date(start.getTime() + DAY_MS), terms.cycleDays, terms.payoutHour, terms.timeZone);

/** The buyer's schedule: cycleDays incomes; the last also returns the principal (releases the hold). */
export function smartPoolPayouts(terms: SmartPoolTerms, amount: string, start: Date): PlannedPayout[] {
  const daily = dailyIncome(terms, amount).toFixed();
  return incomeDates(terms, start).map((dueAt, i) => ({ seq: i + 1, dueAt, amount: daily, releasesHold: i + 1 === terms.cycleDays }));
}

/** One tier's rebate schedule: the tier's share of each daily income, on the same dates. */
export function rebatePayouts(terms: SmartPoolTerms, amount: string, start: Date, tier: 1 | 2 | 3): PlannedPayout[] {
  const each = dailyIncome(terms, amount).times(terms.rebateRates[tier - 1]!).toDecimalPlaces(terms.scale, Dec.ROUND_DOWN).toFixed();
  return incomeDates(terms, start).map((dueAt, i) => ({ seq: i + 1, dueAt, amount: each }));
}

/**
 * What an early redemption of `principal` gives under frozen terms: the penalty (principal × rate, rounded down to
 * the asset's decimals: never more than the stated rate) and what comes back; null when early redemption is not
 * part of the terms.
 */
export function earlyRedemption(terms: SmartPoolTerms, principal: string): { rate: string; penalty: string; returned: string } | null {
  const rate = terms.earlyRedeemPenaltyRate;
  if (rate === undefined || rate === null) return null;
  const penalty = new Dec(principal).times(rate).toDecimalPlaces(terms.scale, Dec.ROUND_DOWN);
  return { rate, penalty: penalty.toFixed(), returned: new Dec(principal).minus(penalty).toFixed() };
}

export const SMART_POOL: ProductDefinition<SmartPoolTerms> = {
  kind: SMART_POOL_KIND,
  // the wealth wallet holds what the user invested (and receives the incomes)
  wallet: 'wealth',
  holdReason: 'smartPoolPurchase',
  payoutRule: smartPoolPayouts,
};

const isRate = (v: unknown, max: string) => typeof v === 'string' && /^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/.test(v) && new Dec(v).lte(max);
const isAmount = (v: unknown) => typeof v === 'string' && /^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/.test(v) && new Dec(v).gt(0) && new Dec(v).lte(MAX_AMOUNT);

/** What is wrong with a set of terms (an operator's command refuses to publish them). */
export function checkSmartPoolTerms(t: SmartPoolTerms): string[] {
  const problems: string[] = [];
  if (!t.name?.trim() || t.name.length > 60) problems.push('name: 1-60 characters');
  if (!Number.isInteger(t.level) || t.level < 1 || t.level > 10) problems.push('level: 1-10');
  if (!/^[A-Z]{2,10}$/.test(t.asset)) problems.push('asset: a coin symbol');
  if (!Number.isInteger(t.cycleDays) || t.cycleDays < 1 || t.cycleDays > 3650) problems.push('days: 1-3650');
  if (!isRate(t.dailyRate, '0.1')) problems.push('rate: a daily fraction from 0 to 0.1');
  if (!isAmount(t.minAmount) || !isAmount(t.maxAmount)) problems.push('min/max: positive amounts up to 1e17');
  else if (new Dec(t.minAmount).lt(20)) problems.push('min: never below 20 (the spec\'s "Minimum amount 20")');
  else if (new Dec(t.minAmount).gt(t.maxAmount)) problems.push('min above max');
  if (!Array.isArray(t.rebateRates) || t.rebateRates.length !== 3 || !t.rebateRates.every((r) => isRate(r, '0.5'))) problems.push('rebates: three fractions from 0 to 0.5');
  if (!Number.isInteger(t.payoutHour) || t.payoutHour < 0 || t.payoutHour > 23) problems.push('hour: 0-23');
  if (!isTimeZone(t.timeZone)) problems.push('zone: an IANA time zone');
  if (!Number.isInteger(t.scale) || t.scale < 0 || t.scale > 18) problems.push('scale: 0-18');
  if (t.earlyRedeemPenaltyRate !== undefined && t.earlyRedeemPenaltyRate !== null && !isRate(t.earlyRedeemPenaltyRate, '1')) problems.push('penalty: a fraction of the principal from 0 to 1, or none');
  return problems;
}

/** The miners seeded at first start (once: later operator versions stay). */
export const SEED_MINERS: { id: string; terms: SmartPoolTerms }[] = [
  { id: 'miner-s1', terms: { name: 'S1 Miner', level: 1, asset: 'USDT', cycleDays: 7, dailyRate: '0.005', minAmount: '20', maxAmount: '10000', rebateRates: ['0.1', '0.05', '0.02'], payoutHour: 4, timeZone: 'UTC', scale: 6, active: true, earlyRedeemPenaltyRate: '0.05' } },
  { id: 'miner-s2', terms: { name: 'S2 Miner', level: 2, asset: 'USDT', cycleDays: 15, dailyRate: '0.008', minAmount: '100', maxAmount: '50000', rebateRates: ['0.1', '0.05', '0.02'], payoutHour: 4, timeZone: 'UTC', scale: 6, active: true, earlyRedeemPenaltyRate: '0.08' } },
  { id: 'miner-s3', terms: { name: 'S3 Miner', level: 3, asset: 'USDT', cycleDays: 30, dailyRate: '0.012', minAmount: '1000', maxAmount: '100000', rebateRates: ['0.1', '0.05', '0.02'], payoutHour: 4, timeZone: 'UTC', scale: 6, active: true, earlyRedeemPenaltyRate: '0.1' } },
];
