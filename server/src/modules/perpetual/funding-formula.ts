import { Dec } from '../ledger/decimal.js';

/**
 * The published funding formula (as Binance and Bybit document theirs), pure: the premium index of an interval is
 * the average, over the minutes sampled in it, of (mark − index) / index; the rate is
 * F = P + clamp(I − P, −c, c), then bounded to [−cap, +cap]. I (interest rate), c (clamp) and cap are the
 * position's frozen terms. Positive: longs pay shorts.
 */
export interface FundingFormula {
  interestRate: string;
  clamp: string;
  cap: string;
}

export interface PriceSample {
  mark: string;
  index: string;
}

/** Decimals a premium is kept at (perp_funding_rates.premium) and a rate at (its numeric(20, 10) columns: 8 as the venues show). */
export const PREMIUM_DECIMALS = 18;
export const RATE_DECIMALS = 8;

/** The interval's premium index and the average mark and index it came from; no sample: premium 0 (the rate is then I). */
export function premiumOf(samples: readonly PriceSample[]): { premium: string; mark: string | null; index: string | null; count: number } {
  if (!samples.length) return { premium: '0', mark: null, index: null, count: 0 };
  let premium = new Dec(0);
  let mark = new Dec(0);
  let index = new Dec(0);
  for (const s of samples) {
    premium = premium.plus(new Dec(s.mark).minus(s.index).div(s.index));
    mark = mark.plus(s.mark);
    index = index.plus(s.index);
  }
  const n = samples.length;
  const round = (d: Dec) => d.div(n).toDecimalPlaces(PREMIUM_DECIMALS, Dec.ROUND_HALF_UP).toFixed();
  return { premium: round(premium), mark: round(mark), index: round(index), count: n };
}

const clamp = (value: Dec, low: Dec, high: Dec): Dec => Dec.max(low, Dec.min(high, value));

/** F = P + clamp(I − P, −c, c), bounded to ±cap, rounded half up to RATE_DECIMALS. */
export function fundingRateOf(premium: string, formula: FundingFormula): string {
  const p = new Dec(premium);
  const c = new Dec(formula.clamp);
  const cap = new Dec(formula.cap);
  const f = p.plus(clamp(new Dec(formula.interestRate).minus(p), c.neg(), c));
  return clamp(f, cap.neg(), cap).toDecimalPlaces(RATE_DECIMALS, Dec.ROUND_HALF_UP).toFixed();
}

/** The formula of a terms row or a position (null: it pays a configured rate). */
export function formulaOf(row: { fundingInterestRate: string | null; fundingClamp: string | null; fundingCap: string | null }): FundingFormula | null {
  if (row.fundingInterestRate === null || row.fundingClamp === null || row.fundingCap === null) return null;
  return { interestRate: row.fundingInterestRate, clamp: row.fundingClamp, cap: row.fundingCap };
}

/** A rate bounded to ±cap (a time recorded without its premium, before the formula: its rate within the position's cap). */
export function boundedBy(rate: string, cap: string): string {
  const c = new Dec(cap);
  return clamp(new Dec(rate), c.neg(), c).toDecimalPlaces(RATE_DECIMALS, Dec.ROUND_HALF_UP).toFixed();
}
