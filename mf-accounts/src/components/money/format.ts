import Decimal from 'decimal.js';
import { formatBalanceOf, formatScreenTime } from '@meridian/shared';

/** Thousands separators on the integer part of a plain decimal string ("-1234567.5" → "-1,234,567.5"). */
export function groupDigits(plain: string): string {
  const negative = plain.startsWith('-');
  const [whole = '0', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

const decimal = (value: Decimal.Value | null | undefined): Decimal => {
  try {
    return new Decimal(value ?? 0);
  } catch {
    return new Decimal(0);
  }
};

/** A value in USDT: the USDT balance rule (two decimals, rounded down), grouped. */
export function formatUsdt(value: Decimal.Value | null | undefined): string {
  return formatBalance(value, 'USDT');
}

/** A balance of an asset with the platform's one balance rule for it (shared balanceDecimals), grouped. */
export function formatBalance(value: Decimal.Value | null | undefined, asset: string): string {
  return groupDigits(formatBalanceOf(decimal(value), asset));
}

/** An exact amount as the server or the user gave it (a record, a confirmation): no rounding, grouped. */
export function formatExact(value: Decimal.Value | null | undefined): string {
  return groupDigits(decimal(value).toFixed());
}

/** A signed ledger amount: "+12.5" or "-3", exact. */
export function formatSigned(value: Decimal.Value | null | undefined): string {
  const d = decimal(value);
  return `${d.gt(0) ? '+' : ''}${formatExact(d)}`;
}

/** A conversion rate: 8 decimals from 1 up, 8 significant digits below 1, trailing zeros dropped. */
export function formatRate(value: Decimal.Value | null | undefined): string {
  const d = decimal(value);
  if (d.isZero()) return '0';
  // below 1, keep 8 significant digits: 0.0000155 has exponent -5, so 13 places
  const places = d.abs().gte(1) ? 8 : Math.min(18, 8 - d.abs().e);
  return groupDigits(d.toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed());
}

/** A fraction as a percentage with two decimals, rounded up (the cost is never shown smaller): "0.0031" → "0.31". */
export function formatPercent(fraction: Decimal.Value | null | undefined): string {
  return decimal(fraction).times(100).toFixed(2, Decimal.ROUND_UP);
}

/** Record times read the same for every user: "YYYY-MM-DD HH:mm:ss UTC". */
export function formatRecordTime(when: string | number | Date): string {
  return `${formatScreenTime(when, 'utc')} UTC`;
}

/** What a hidden balance shows. */
export const HIDDEN_VALUE = '******';
