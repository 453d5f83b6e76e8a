import Decimal from 'decimal.js';
import {
  formatBalance as sharedBalance,
  formatPercent as sharedPercent,
  formatQuantity,
  formatRate as sharedRate,
  formatScreenTime,
  formatSigned as sharedSigned,
} from '@meridian/shared';

const decimal = (value: Decimal.Value | null | undefined): Decimal => {
  try {
    return new Decimal(value ?? 0);
  } catch {
    return new Decimal(0);
  }
};

/*
 * The wallet's figures are the shared formatters' (@meridian/shared figures.ts), so a value reads the same here as on
 * the trade screen ("3,000.00" in English, "3.000,00" in German): these only add the wallet's tolerance of a
 * missing or malformed value (read as 0).
 */

/** A value in USDT: the USDT balance rule (two decimals, rounded down), grouped in the user's language. */
export function formatUsdt(value: Decimal.Value | null | undefined): string {
  return formatBalance(value, 'USDT');
}

/** A balance of an asset with the platform's one balance rule for it (shared balanceDecimals), grouped. */
export function formatBalance(value: Decimal.Value | null | undefined, asset: string): string {
  return sharedBalance(decimal(value).toFixed(), asset);
}

/** An exact amount as the server or the user gave it (a record, a confirmation): no rounding, grouped. */
export function formatExact(value: Decimal.Value | null | undefined): string {
  const d = decimal(value);
  return formatQuantity(d.toFixed(), d.decimalPlaces());
}

/** A signed ledger amount, exact: "+12.5" or "−3" (a true minus, as every signed figure). */
export function formatSigned(value: Decimal.Value | null | undefined): string {
  const d = decimal(value);
  return sharedSigned(d.toFixed(), d.decimalPlaces());
}

/** A conversion rate: 6 significant digits (shared formatRate), as every rate. */
export function formatRate(value: Decimal.Value | null | undefined): string {
  return sharedRate(decimal(value).toFixed());
}

/** A fraction as a percentage with two decimals and "%", rounded up (a cost is never shown smaller): "0.0031" → "0.31%". */
export function formatPercent(fraction: Decimal.Value | null | undefined): string {
  return sharedPercent(decimal(fraction).times(100).toFixed(), { rounding: 'up' });
}

/** Record times read the same for every user: "YYYY-MM-DD HH:mm:ss UTC". */
export function formatRecordTime(when: string | number | Date): string {
  return `${formatScreenTime(when, 'utc')} UTC`;
}

/** What a hidden balance shows. */
export const HIDDEN_VALUE = '******';
