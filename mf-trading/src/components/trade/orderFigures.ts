import Decimal from 'decimal.js';
import type { DepthLevel } from '@meridian/shared';
import type { InstrumentTerms, PerpSettings, Position } from '../../api/trading';
import type { Key } from '../../i18n';
import { advancedProblems, conditionalBasis, type AdvancedOrder, type AdvancedProblems } from './orderTypes';
import { perpAmountQuantity, perpReceipt, spotReceipt, type QuoteSides } from './receipt';
import type { PendingOrder, Receipt } from './ReceiptSheet';
import { fundsProblem, priceProblem, QUOTE_DECIMALS, quantityOf, sizeProblem, tpSlProblems, type OrderValues } from './rules';

/*
 * The order form's rules, without React: from what the user entered and what the screen knows (quote, book,
 * balance, terms), the order's quantity, its receipt's figures, each field's first problem, what a slider position
 * comes to, and the order the receipt confirms. The form (OrderForm) only holds the entries and shows these.
 */

type Book = { bids: readonly DepthLevel[]; asks: readonly DepthLevel[] };

/** What the form's figures are computed from. */
export interface OrderContext {
  perp: boolean;
  symbol: string;
  values: OrderValues;
  /** Perpetual order types beyond market and limit. */
  advanced: AdvancedOrder;
  tpSlOn: boolean;
  leverage: number;
  quote: QuoteSides | null;
  book: Book | null;
  terms: InstrumentTerms | null;
  settings: PerpSettings | null;
  /** What the spending wallet holds available (undefined while unknown). */
  available: string | undefined;
  positions: readonly Position[];
  priceDecimals: number;
  amountDecimals: number;
}

/** The prices and quantity an order comes to. */
export interface OrderBasis {
  /** A valid limit price, else null. */
  limitPrice: string | null;
  /** What a stop or trailing stop watches now (the last price). */
  watched: string | null;
  /** The price a conditional perpetual order's margin is held at (the engine's rule), else null. */
  basis: string | null;
  /** The price the size is converted at: the basis, the limit, or the side of the quote a market order takes. */
  referencePrice: string | null;
  quantity: Decimal | null;
}

export function orderBasis(ctx: OrderContext): OrderBasis {
  const { perp, values, quote } = ctx;
  const limitPrice = values.kind === 'limit' && !priceProblem(values, { priceDecimals: ctx.priceDecimals }) ? values.price.trim() : null;
  const watched = quote ? quote.last : null;
  const basis = perp ? conditionalBasis(values.kind, ctx.advanced, limitPrice, watched) : null;
  const referencePrice = basis ?? (values.kind === 'limit' ? limitPrice : quote ? (values.side === 'buy' ? quote.ask : quote.bid) : null);
  // a perpetual market order by amount is sized by the engine walking the book; every other one by the price
  const perpMarketByAmount = perp && values.sizeUnit === 'amount' && values.kind === 'market';
  const quantity = perpMarketByAmount
    ? quote && perpAmountQuantity(values.side, values.size, quote, ctx.book ? { bids: ctx.book.bids, asks: ctx.book.asks } : null, ctx.amountDecimals)
    : quantityOf(values, referencePrice, ctx.amountDecimals);
  return { limitPrice, watched, basis, referencePrice, quantity };
}

/** The receipt's figures (null until the terms, the quote, a quantity and, for a perpetual, the settings and balance are known). */
export function orderReceipt(ctx: OrderContext, { quantity, basis, limitPrice }: OrderBasis): Receipt | null {
  const { terms, quote, values } = ctx;
  if (!terms || !quote || !quantity || quantity.lte(0)) return null;
  const depth = ctx.book ? { bids: ctx.book.bids, asks: ctx.book.asks } : null;
  if (ctx.perp) {
    if (!ctx.settings || ctx.available === undefined) return null;
    return {
      kind: 'perp',
      figures: perpReceipt({
        side: values.side,
        // a conditional order's figures are those at the price its margin is held at, not today's book
        kind: basis ? 'limit' : values.kind,
        quantity: quantity.toFixed(),
        price: basis ?? limitPrice,
        leverage: ctx.leverage,
        quote,
        book: basis ? null : depth,
        terms,
        settings: ctx.settings,
        available: ctx.available,
        positions: ctx.positions,
        symbol: ctx.symbol,
      }),
    };
  }
  const byAmount = values.sizeUnit === 'amount' && values.side === 'buy' && values.kind === 'market';
  return {
    kind: 'spot',
    figures: spotReceipt({
      side: values.side,
      kind: values.kind,
      quantity: byAmount ? null : quantity.toFixed(),
      amount: byAmount ? values.size.trim() : null,
      price: limitPrice,
      quote,
      book: depth,
      terms,
    }),
  };
}

export interface OrderProblems {
  price: Key | null;
  /** The size's own problem, else the balance's. */
  size: Key | null;
  takeProfit: Key | null;
  stopLoss: Key | null;
  conditions: AdvancedProblems;
}

/** The spec's rules, the first failure of each field. */
export function orderProblems(ctx: OrderContext, { referencePrice, watched }: OrderBasis, receipt: Receipt | null): OrderProblems {
  const { values, perp } = ctx;
  const limits = { priceDecimals: ctx.priceDecimals, amountDecimals: ctx.amountDecimals, minQuantity: ctx.terms?.minQuantity ?? null, maxQuantity: ctx.terms?.maxQuantity ?? null };
  const price = priceProblem(values, limits);
  const size = sizeProblem(values, limits, referencePrice);
  let funds = null;
  if (!size && receipt && ctx.available !== undefined) {
    // a reduce-only order holds nothing: the balance does not limit it
    if (receipt.kind === 'perp') funds = ctx.advanced.reduceOnly ? null : fundsProblem(receipt.figures.cost, ctx.available, 'margin');
    else funds = fundsProblem(values.side === 'buy' ? receipt.figures.value : receipt.figures.quantity, ctx.available, 'spot');
  }
  const triggers = perp && ctx.tpSlOn ? tpSlProblems(values, referencePrice, ctx.priceDecimals) : { takeProfit: null, stopLoss: null };
  const conditions = perp ? advancedProblems(ctx.advanced, watched, ctx.priceDecimals) : { trigger: null, callback: null };
  return { price, size: size ?? funds, ...triggers, conditions };
}

export const isValid = (problems: OrderProblems): boolean =>
  !problems.price && !problems.size && !problems.takeProfit && !problems.stopLoss && !problems.conditions.trigger && !problems.conditions.callback;

/** The size `percent` of the available balance comes to, in the size field's unit (null when it cannot be told yet). */
export function sizeForPercent(ctx: OrderContext, { referencePrice, limitPrice }: OrderBasis, percent: number): string | null {
  const { values, amountDecimals } = ctx;
  if (ctx.available === undefined) return null;
  const share = new Decimal(ctx.available).times(percent).div(100);
  if (ctx.perp) {
    const price = referencePrice ? new Decimal(referencePrice) : null;
    if (!price || price.lte(0)) return null;
    // notional = margin × leverage; the fee comes out of the same balance, so it is scaled back once by the
    // receipt's own cost (margin.ts) to stay within what is available
    let q = share.times(ctx.leverage).div(price).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN);
    if (ctx.terms && ctx.settings && ctx.quote && q.gt(0)) {
      const figures = perpReceipt({ side: values.side, kind: values.kind, quantity: q.toFixed(), price: limitPrice, leverage: ctx.leverage, quote: ctx.quote, book: ctx.book, terms: ctx.terms, settings: ctx.settings, available: ctx.available, positions: ctx.positions, symbol: ctx.symbol });
      if (new Decimal(figures.cost).gt(share) && new Decimal(figures.cost).gt(0))
        q = q.times(share).div(figures.cost).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN);
    }
    return values.sizeUnit === 'amount' ? q.times(price).toDecimalPlaces(QUOTE_DECIMALS, Decimal.ROUND_DOWN).toFixed() : q.toFixed();
  }
  if (values.side === 'buy') {
    if (values.sizeUnit === 'amount') return share.toDecimalPlaces(QUOTE_DECIMALS, Decimal.ROUND_DOWN).toFixed();
    return referencePrice ? share.div(referencePrice).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN).toFixed() : null;
  }
  if (values.sizeUnit === 'quantity') return share.toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN).toFixed();
  return referencePrice ? share.times(referencePrice).toDecimalPlaces(QUOTE_DECIMALS, Decimal.ROUND_DOWN).toFixed() : null;
}

/** Where a typed size puts the slider: its share of the most the balance allows, 0–100. */
export function percentOfMax(size: string, maxSize: string | null): number {
  if (!maxSize || !size.trim()) return 0;
  try {
    const max = new Decimal(maxSize);
    if (max.lte(0)) return 0;
    return Math.min(100, Math.max(0, new Decimal(size.trim()).div(max).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()));
  } catch {
    return 0;
  }
}

/** What leaves the balance: a perpetual's margin and fee, a spot buy's value, a spot sell's coins. */
export function orderCost(receipt: Receipt | null, side: OrderValues['side'], base: string, quoteAsset: string): { value: string; asset: string } | null {
  if (!receipt) return null;
  if (receipt.kind === 'perp') return { value: receipt.figures.cost, asset: quoteAsset };
  return side === 'buy' ? { value: receipt.figures.value, asset: quoteAsset } : { value: receipt.figures.quantity, asset: base };
}

/** The order the receipt confirms, as it will be sent. */
export function pendingOrder(
  ctx: OrderContext,
  { quantity, limitPrice, watched }: OrderBasis & { quantity: Decimal },
  market: { market: PendingOrder['market']; base: string; quoteAsset: string; isIco: boolean },
): PendingOrder {
  const { values, perp } = ctx;
  // spot sizes by amount only a market buy (the rest by the quantity it comes to); a perpetual order always
  const byAmount = values.sizeUnit === 'amount' && (perp || (values.side === 'buy' && values.kind === 'market'));
  return {
    ...market,
    symbol: ctx.symbol,
    side: values.side,
    kind: values.kind,
    quantity: quantity.toFixed(),
    amount: byAmount ? values.size.trim() : null,
    price: limitPrice,
    leverage: ctx.leverage,
    takeProfit: perp && ctx.tpSlOn && values.takeProfit.trim() ? values.takeProfit.trim() : null,
    stopLoss: perp && ctx.tpSlOn && values.stopLoss.trim() ? values.stopLoss.trim() : null,
    marginMode: ctx.settings?.marginMode ?? null,
    isIco: market.isIco,
    ...(perp ? { advanced: ctx.advanced, watched } : {}),
  };
}
