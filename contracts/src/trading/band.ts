// The price band of limit orders (fat-finger protection), shared by the engine that refuses a limit outside it and
// the trade screen that can say so before sending.
import { Decimal } from 'decimal.js';

/** The band of an instrument whose terms do not set one: a limit within 10 % of the mark. */
export const DEFAULT_PRICE_BAND = '0.1';

export interface PriceBand {
  /** The lowest and highest limit price allowed, at the instrument's price decimals. */
  min: string;
  max: string;
  /** The band as a percentage of the mark (10 for 0.1), for the refusal's text. */
  percent: string;
}

/**
 * The limit prices allowed around `mark`: mark × (1 − band) to mark × (1 + band), each rounded inwards to the
 * price decimals (up for the floor, down for the ceiling), so a price shown as allowed is allowed.
 */
export function priceBand(mark: Decimal.Value, band: Decimal.Value, priceDecimals: number): PriceBand {
  const m = new Decimal(mark);
  const b = new Decimal(band);
  return {
    min: m.times(new Decimal(1).minus(b)).toDecimalPlaces(priceDecimals, Decimal.ROUND_UP).toFixed(),
    max: m.times(new Decimal(1).plus(b)).toDecimalPlaces(priceDecimals, Decimal.ROUND_DOWN).toFixed(),
    percent: b.times(100).toFixed(),
  };
}

/** Whether a limit price lies within the band (its ends included). */
export const withinBand = (price: Decimal.Value, band: PriceBand): boolean => new Decimal(price).gte(band.min) && new Decimal(price).lte(band.max);
