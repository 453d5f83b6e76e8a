/**
 * Amounts every amount field refuses with "Invalid amount" before anything moves: other notations JavaScript or
 * a decimal library would read (hex, binary, octal, exponent, NaN, Infinity), other JSON types, padding, signs
 * and the empty string. `tooPrecise` adds the case of one decimal more than the asset has.
 */
export const MALFORMED_AMOUNTS: readonly unknown[] = [
  '0x10', '0b101', '0o17', '1e3', '1E-2', 16, 1.5, ['5'], true, null, '', ' 5', '5 ', '-5', '+5', '.5', '5.', '05', '1,5', 'NaN', 'Infinity',
  '1.0000000000000000001',
];

/** The same cases as they can arrive in a query string (text only), plus a repeated parameter. */
export const MALFORMED_QUERY_AMOUNTS: readonly string[] = ['0x10', '0b101', '0o17', '1e3', '1E-2', '', ' 5', '-5', 'NaN', 'Infinity'];

/** A well-formed amount with one decimal more than an asset of this scale allows. */
export const tooPrecise = (scale: number): string => `1.${'1'.repeat(scale + 1)}`;
