import { decimalsOf, formatQuoteAmount, formatQuotePrice } from '@meridian/shared';
import type { Key } from '../../i18n';

export type ConditionalKind = 'tpsl' | 'oco';

export interface ConditionalValues {
  quantity: string;
  takeProfit: string;
  stop: string;
  /** Empty: the stop sells at the market (stop-market). */
  stopLimit: string;
}

export type ConditionalField = keyof ConditionalValues;
type Translate = (key: Key, values?: Record<string, string>) => string;

const DECIMAL = /^\d+(\.\d+)?$/;
const filled = (value: string) => value.trim() !== '';

/**
 * The form's problems by field, as the server would refuse them (take-profit above the bid, stop below it, a
 * stop-limit at or below its stop, an OCO with both legs, no more than the available holding): shown before
 * the request, so the receipt only ever describes an order the server accepts.
 */
export function conditionalProblems(
  kind: ConditionalKind,
  v: ConditionalValues,
  limits: { bid: string | null; available: string | null; priceDecimals: number; amountDecimals: number },
): Partial<Record<ConditionalField, Key>> {
  const problems: Partial<Record<ConditionalField, Key>> = {};
  const price = (field: 'takeProfit' | 'stop' | 'stopLimit') => {
    const value = v[field].trim();
    if (!filled(value)) return null;
    if (!DECIMAL.test(value) || Number(value) <= 0 || decimalsOf(value) > limits.priceDecimals) {
      problems[field] = 'conditionalPriceInvalid';
      return null;
    }
    return value;
  };
  const quantity = v.quantity.trim();
  if (!DECIMAL.test(quantity) || Number(quantity) <= 0 || decimalsOf(quantity) > limits.amountDecimals) problems.quantity = 'conditionalQuantityInvalid';
  else if (limits.available !== null && compare(quantity, limits.available) > 0) problems.quantity = 'conditionalQuantityAboveHolding';
  const tp = price('takeProfit');
  const stop = price('stop');
  const stopLimit = price('stopLimit');
  // an OCO needs both legs; a TP/SL at least one
  if (!filled(v.takeProfit) && (kind === 'oco' || !filled(v.stop))) problems.takeProfit = 'conditionalLegRequired';
  if (!filled(v.stop) && (kind === 'oco' || !filled(v.takeProfit))) problems.stop = 'conditionalLegRequired';
  if (tp && limits.bid && compare(tp, limits.bid) <= 0) problems.takeProfit = 'conditionalTakeProfitAboveBid';
  if (stop && limits.bid && compare(stop, limits.bid) >= 0) problems.stop = 'conditionalStopBelowBid';
  if (stopLimit && !filled(v.stop)) problems.stopLimit = 'conditionalLegRequired';
  if (stopLimit && stop && compare(stopLimit, stop) > 0) problems.stopLimit = 'conditionalStopLimitAboveStop';
  return problems;
}

/** Exact comparison of two plain decimal strings (no float rounding of prices or quantities). */
function compare(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * What the order will do, in one sentence: "Sells 0.01 BTC at 70,000.00 or, if the price falls to 60,000.00, at
 * 59,900.00; the other is cancelled". Null while the values are not an order the form would send.
 */
export function conditionalReceipt(
  t: Translate,
  v: ConditionalValues,
  coin: string,
  decimals: { priceDecimals: number; amountDecimals: number },
): string | null {
  // the quantity as the user wrote it (grouped): "0.01 BTC", not padded to the coin's decimals
  const quantity = formatQuoteAmount(v.quantity.trim(), Math.min(decimalsOf(v.quantity.trim()), decimals.amountDecimals));
  const price = (value: string) => formatQuotePrice(value.trim(), decimals.priceDecimals);
  const stopSale = filled(v.stopLimit) ? t('conditionalAtPrice', { price: price(v.stopLimit) }) : t('conditionalAtMarket');
  if (filled(v.takeProfit) && filled(v.stop)) {
    return t('conditionalReceiptBoth', { quantity, coin, takeProfit: price(v.takeProfit), stop: price(v.stop), stopSale });
  }
  if (filled(v.takeProfit)) return t('conditionalReceiptTakeProfit', { quantity, coin, takeProfit: price(v.takeProfit) });
  if (filled(v.stop)) return t('conditionalReceiptStop', { quantity, coin, stop: price(v.stop), stopSale });
  return null;
}
