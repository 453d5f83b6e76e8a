import { AMOUNT_CEILING } from '@meridian/contracts';
import Decimal from 'decimal.js';

/** The spec's numeric ceiling: an amount is valid when greater than 0 and not above 1e17. */
export const AMOUNT_MAX = new Decimal(AMOUNT_CEILING);

/**
 * A plain decimal string: digits with at most one '.', optionally starting or ending with it (".5", "5.").
 * No sign, no exponent, no thousands separators and no decimal comma: what the server accepts is exactly
 * what the user sees, so "1e5" or "1,5" must not be silently reinterpreted.
 */
const PLAIN_DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * Reads an amount typed by the user, or null when it is not a plain decimal string. Surrounding spaces are
 * ignored (mobile keyboards add them). Leading zeros are accepted ("00.5" is 0.5): the value is unambiguous
 * and refusing it would only punish a typing slip; submit `normalizeAmount` to send the canonical form.
 * decimal.js, never parseFloat, so 100000000000000000.01 stays distinct from 1e17.
 */
export function parseAmount(text: string): Decimal | null {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) return null;
  return new Decimal(trimmed);
}

/** The canonical plain form of a valid amount ("00.50" → "0.5"), or null when it is not one. */
export function normalizeAmount(text: string): string | null {
  return parseAmount(text)?.toFixed() ?? null;
}
