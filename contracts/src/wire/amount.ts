/**
 * The spec's numeric ceiling: an amount (and a price) is valid when greater than 0 and not above 1e17. A string, so
 * every side reads it with its own exact decimal type (decimal.js) and never as a binary float.
 */
export const AMOUNT_CEILING = '1e17';
