import Decimal from 'decimal.js';
import { formatPercentNumber, formatScreenTime } from '@meridian/shared';
import { formatExact } from '../../../components/money/format';

/** Loans are lent and repaid in USDT, whose amounts have at most 6 decimals (the server's currency scale). */
export const LOAN_SCALE = 6;
const DAY_MS = 86_400_000;

const decimal = (value: Decimal.Value | null | undefined): Decimal => {
  try {
    return new Decimal(value ?? 0);
  } catch {
    return new Decimal(0);
  }
};

/** An amount exactly as the server or the user gave it, grouped ("1000.5" → "1,000.5"). */
export const money = (value: Decimal.Value | null | undefined): string => formatExact(value);

/**
 * A daily rate as a percentage for a text that places "%" itself, exact and in the language's separators:
 * "0.0008" → "0.08" in English, "0,08" in German (the rate is never rounded: as many decimals as it has).
 */
export const ratePercent = (rate: Decimal.Value | null | undefined): string => {
  const percent = decimal(rate).times(100);
  return formatPercentNumber(percent.toFixed(), { decimals: percent.decimalPlaces(), minDecimals: 0 });
};

/**
 * The interest of a whole term repaid at maturity, as the server freezes it in the loan (terms.ts): amount ×
 * daily rate × days, rounded half-up to the currency's decimals. decimal.js, never floats.
 */
export function termInterest(amount: Decimal.Value, dailyRate: Decimal.Value, termDays: number): Decimal {
  return decimal(amount).times(decimal(dailyRate)).times(termDays).toDecimalPlaces(LOAN_SCALE, Decimal.ROUND_HALF_UP);
}

/** The payment date if the loan were approved at `from`: the term starts on approval. */
export function dueDateFrom(from: Date, termDays: number): Date {
  return new Date(from.getTime() + termDays * DAY_MS);
}

/** A date as "YYYY-MM-DD" in UTC (the loan screens show every time in UTC). */
export const day = (when: string | number | Date): string => formatScreenTime(when, 'utc').slice(0, 10);

/** A time as "YYYY-MM-DD HH:mm UTC". */
export const time = (when: string | number | Date): string => `${formatScreenTime(when, 'utc').slice(0, 16)} UTC`;
