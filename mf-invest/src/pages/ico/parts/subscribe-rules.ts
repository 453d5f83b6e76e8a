import Decimal from 'decimal.js';
import type { Offer } from './queries';

export type QuantityProblem = 'icoQuantityRequired' | 'icoQuantityInvalid' | 'icoQuantityBelowMin' | 'icoQuantityAboveMax' | 'icoQuantityNotLot';

/** The request's rules as the server checks them (the server decides; this tells the user while typing). */
export function quantityProblem(offer: Pick<Offer, 'lot' | 'minQuantity' | 'maxQuantity'>, text: string): QuantityProblem | null {
  const value = text.trim();
  if (!value) return 'icoQuantityRequired';
  if (!/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/.test(value) || new Decimal(value).lte(0)) return 'icoQuantityInvalid';
  const q = new Decimal(value);
  if (q.lt(offer.minQuantity)) return 'icoQuantityBelowMin';
  if (q.gt(offer.maxQuantity)) return 'icoQuantityAboveMax';
  if (!q.mod(offer.lot).isZero()) return 'icoQuantityNotLot';
  return null;
}

/** USDT to hold for a quantity: quantity × price, exact. */
export const costOf = (offer: Pick<Offer, 'price'>, quantity: string): string => new Decimal(quantity).times(offer.price).toFixed();
