import { plainExact, type DecimalInput } from './exact';

// Without decimal.js (BigInt through plainExact), like the rest of the display formatting: these are in the
// library's start-up chunk, and decimal.js loads only with the forms that compute amounts (@meridian/shared/money).

/**
 * A figure from an answer that may lack it or carry something else (an older server, a proxy): its decimal
 * text, or "0". For screens that show such a figure as 0 rather than fail; the formatters themselves refuse
 * what is not a decimal.
 */
export function orZero(value: DecimalInput | null | undefined): `${number}` {
  if (value === null || value === undefined) return '0';
  try {
    return plainExact(value);
  } catch {
    return '0';
  }
}

/** How many decimals the value has ("1.25" → 2, "1.50" → 1, "3" → 0): to show it exactly, with no rounding. */
export function decimalsOf(value: DecimalInput): number {
  const text = plainExact(value);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * A fraction as a percentage, exactly ("0.0031" → "0.31"). Every percent formatter takes a percentage: a value
 * the server sends as a fraction (a spread, a daily rate) goes through this first, so "%" always means one thing.
 */
export function percentOf(fraction: DecimalInput): `${number}` {
  return plainExact(fraction, 2);
}
