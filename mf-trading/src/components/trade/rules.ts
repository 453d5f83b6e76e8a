import Decimal from 'decimal.js';
import { AMOUNT_MAX, parseAmount } from '@meridian/shared/money';

/**
 * The order form's rules (trading spec §5 and §8), pure so the form and its tests share them. Each answers the
 * key of its text in this remote's namespace, or null; the form shows the first failing rule of each field.
 */
export type OrderProblem =
  | 'priceRequired'
  | 'invalidPrice'
  | 'sizeRequired'
  | 'invalidSize'
  | 'sizeBelowMin'
  | 'sizeAboveMax'
  | 'insufficientBalance'
  | 'marginAboveAvailable'
  | 'tpInvalid'
  | 'slInvalid';

export type OrderKind = 'market' | 'limit';
/** Buy/long and sell/short share the form: `buy` is the long side. */
export type OrderSide = 'buy' | 'sell';
/** What the size field holds: base-coin quantity, or an amount of the quote unit (USDT) to spend. */
export type SizeUnit = 'quantity' | 'amount';

export interface OrderValues {
  kind: OrderKind;
  side: OrderSide;
  price: string;
  size: string;
  sizeUnit: SizeUnit;
  takeProfit: string;
  stopLoss: string;
}

export interface OrderLimits {
  priceDecimals: number;
  amountDecimals: number;
  /** Smallest and largest base quantity of one order (instrument configuration), when known. */
  minQuantity?: string | null;
  maxQuantity?: string | null;
}

/** A positive plain decimal not above 1e17 (spec §5), or null. */
function positive(text: string): Decimal | null {
  const value = parseAmount(text);
  return value && value.gt(0) && value.lte(AMOUNT_MAX) ? value : null;
}

/** The limit price: entered ("Price must be entered"), then a positive number with the coin's price decimals. */
export function priceProblem(values: Pick<OrderValues, 'kind' | 'price'>, limits: Pick<OrderLimits, 'priceDecimals'>): OrderProblem | null {
  if (values.kind !== 'limit') return null;
  if (values.price.trim() === '') return 'priceRequired';
  const price = positive(values.price);
  if (!price || price.decimalPlaces() > limits.priceDecimals) return 'invalidPrice';
  return null;
}

/**
 * The base quantity an order means: the quantity itself, or the amount divided by the price it is expected to fill
 * at (the limit price, or the book's expected price for a market order), rounded down to the coin's decimals.
 */
export function quantityOf(values: Pick<OrderValues, 'size' | 'sizeUnit'>, price: Decimal.Value | null, amountDecimals: number): Decimal | null {
  const size = positive(values.size);
  if (!size) return null;
  if (values.sizeUnit === 'quantity') return size;
  if (price === null || new Decimal(price).lte(0)) return null;
  return size.div(price).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN);
}

/**
 * The size: entered, greater than 0 and not above 1e17 ("Invalid size"), a quantity with at most the coin's
 * amount decimals (an amount of USDT with at most 2), then the instrument's minimum and maximum quantity.
 */
export function sizeProblem(values: Pick<OrderValues, 'size' | 'sizeUnit'>, limits: OrderLimits, referencePrice: Decimal.Value | null): OrderProblem | null {
  if (values.size.trim() === '') return 'sizeRequired';
  const size = positive(values.size);
  if (!size) return 'invalidSize';
  const decimals = values.sizeUnit === 'quantity' ? limits.amountDecimals : QUOTE_DECIMALS;
  if (size.decimalPlaces() > decimals) return 'invalidSize';
  const quantity = quantityOf(values, referencePrice, limits.amountDecimals);
  if (!quantity) return null;
  if (limits.minQuantity && quantity.lt(limits.minQuantity)) return 'sizeBelowMin';
  if (limits.maxQuantity && quantity.gt(limits.maxQuantity)) return 'sizeAboveMax';
  return null;
}

/** USDT amounts are entered in cents. */
export const QUOTE_DECIMALS = 2;

/** What an order needs from the wallet against what is available: "Insufficient balance" or the margin text. */
export function fundsProblem(needed: Decimal.Value | null, available: Decimal.Value | null, kind: 'spot' | 'margin'): OrderProblem | null {
  if (needed === null || available === null) return null;
  if (new Decimal(needed).lte(available)) return null;
  return kind === 'margin' ? 'marginAboveAvailable' : 'insufficientBalance';
}

/**
 * Take-profit and stop-loss on entry (both optional): positive prices with the coin's decimals, on the right side of
 * the reference price — above it for a long's take-profit and below for its stop-loss, the other way round for a
 * short (the server checks the same against the mark price).
 */
export function tpSlProblems(
  values: Pick<OrderValues, 'side' | 'takeProfit' | 'stopLoss'>,
  referencePrice: Decimal.Value | null,
  priceDecimals: number,
): { takeProfit: OrderProblem | null; stopLoss: OrderProblem | null } {
  const check = (text: string, wantAbove: boolean, problem: OrderProblem): OrderProblem | null => {
    if (text.trim() === '') return null;
    const price = positive(text);
    if (!price || price.decimalPlaces() > priceDecimals) return problem;
    if (referencePrice === null) return null;
    return (wantAbove ? price.gt(referencePrice) : price.lt(referencePrice)) ? null : problem;
  };
  const long = values.side === 'buy';
  return { takeProfit: check(values.takeProfit, long, 'tpInvalid'), stopLoss: check(values.stopLoss, !long, 'slInvalid') };
}
