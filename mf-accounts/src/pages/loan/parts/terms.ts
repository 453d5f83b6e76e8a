import Decimal from 'decimal.js';

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
