import { Decimal } from 'decimal.js';

/**
 * decimal.js rounds every result to 20 significant digits by default, fewer than an amount up to 1e17 with 18
 * decimals needs. Every money computation on the server uses this constructor.
 */
export const Dec = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;
