/**
 * `@meridian/shared/money`: the code that needs decimal.js arithmetic (reading and checking amounts a user types),
 * a federation singleton of its own so that the first screens, which only show numbers (shared/format formats
 * decimal strings exactly without it), do not load decimal.js. Forms import it; it loads with them.
 */
export { AMOUNT_MAX, parseAmount, normalizeAmount } from './amount';
export { amount, amountProblem, minimumAmount, withinBalance, MIN_AMOUNT, type AmountOptions, type AmountProblem } from './amount-rules';
