import Decimal from 'decimal.js';
import { exposure, maintenanceMargin, preTradeReceipt, tradeFee, walkAmount, walkPrice, walkQuantity, type PreTradeReceipt } from '@meridian/contracts';
import type { DepthLevel } from '@meridian/shared';
import { parseAmount } from '@meridian/shared/money';
import type { InstrumentTerms, PerpSettings, Position } from '../../api/trading';
import { averagePriceOf, usableLevels } from './book';
import type { OrderKind, OrderSide } from './rules';

/*
 * The pre-trade receipt's figures. The arithmetic is perp's margin.ts and the depth walk is trading/walk.ts
 * (contracts), the ones the server charges and fills with; this module only gathers their inputs from the
 * screen: the streamed book (so the receipt says "expected"), the instrument's terms, the user's settings and
 * positions.
 */

export interface QuoteSides {
  bid: string;
  ask: string;
  last: string;
}

type Book = { bids: readonly DepthLevel[]; asks: readonly DepthLevel[] };

/** The streamed levels a market order takes (asks for a buy, bids for a sell), malformed ones passed over. */
const levelsTaken = (book: Book, side: OrderSide) => usableLevels(side === 'buy' ? book.asks : book.bids);

/**
 * The price a market order of `quantity` is expected to fill at: the volume-weighted price of the streamed book
 * (asks for a buy, bids for a sell); the quote's ask or bid while there is no book or it is too thin to price.
 * With `priceDecimals`, the one price of a walk booked as a single fill (perpetual and forex, contracts'
 * walkPrice: rounded against the user, as the engine fills it); without, spot's exact average (a fill per level).
 */
export function expectedMarketPrice(
  side: OrderSide,
  quantity: Decimal.Value,
  quote: QuoteSides,
  book: Book | null,
  priceDecimals?: number,
): string {
  const fallback = side === 'buy' ? quote.ask : quote.bid;
  if (!book) return fallback;
  const walk = walkQuantity(levelsTaken(book, side), side, quantity);
  if (walk.quantity.lt(quantity)) return fallback;
  const average = priceDecimals === undefined ? averagePriceOf(walk)?.toFixed() : walkPrice(walk, side, priceDecimals);
  return average ?? fallback;
}

/**
 * The quantity a perpetual market order sized by a USDT `amount` comes to, as the engine sizes it: what the amount
 * takes walking the book it opens against (asks for a long, bids for a short) in whole steps of the coin's
 * decimals; amount / the quote's ask or bid while no book has arrived. A limit order's is amount / price (rules'
 * quantityOf). Null for an amount that is not a positive number.
 */
export function perpAmountQuantity(side: OrderSide, amount: string, quote: QuoteSides, book: Book | null, amountDecimals: number): Decimal | null {
  const spend = parseAmount(amount);
  if (!spend || spend.lte(0)) return null;
  if (book) return new Decimal(walkAmount(levelsTaken(book, side), spend.toFixed(), amountDecimals).quantity.toFixed());
  const price = new Decimal(side === 'buy' ? quote.ask : quote.bid);
  return price.gt(0) ? spend.div(price).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN) : null;
}

export interface PerpReceiptInput {
  side: OrderSide;
  kind: OrderKind;
  quantity: string;
  price: string | null;
  leverage: number;
  quote: QuoteSides;
  book: Book | null;
  terms: Pick<InstrumentTerms, 'maintenanceTiers' | 'takerFeeRate' | 'makerFeeRate' | 'priceDecimals'>;
  settings: PerpSettings;
  available: string;
  /** The user's open positions (for the position this order merges into, and the other cross positions). */
  positions: readonly (Position & { quoteRate?: string })[];
  symbol: string;
  /**
   * USDT per unit of the instrument's quote currency, fixed when the order fills (a forex pair's conversion); the
   * formulas take the exposure, quantity × rate, where they say quantity, as the engine does. 1 without it.
   */
  quoteRate?: string;
}

/** The part of a limit order the book already crosses: it fills at once (taker) at `price`; `rest` rests. */
export interface MarketablePart {
  quantity: string;
  price: string;
  rest: string;
}

/**
 * What a limit order takes at once from the streamed book, as the engine fills it: the levels at or better than
 * its limit (contracts' walkQuantity with the limit), at their walkPrice average with `priceDecimals` (perpetual and
 * forex: one fill) or their exact average without (spot: a fill per level). Null when the book does not cross it.
 */
export function marketableLimit(side: OrderSide, quantity: Decimal.Value, limit: string, book: Book | null, priceDecimals?: number): MarketablePart | null {
  if (!book || !(new Decimal(limit).gt(0))) return null;
  const walk = walkQuantity(levelsTaken(book, side), side, quantity, limit);
  if (walk.quantity.lte(0)) return null;
  const price = priceDecimals === undefined ? averagePriceOf(walk)?.toFixed() : walkPrice(walk, side, priceDecimals);
  if (!price) return null;
  return { quantity: walk.quantity.toFixed(), price, rest: new Decimal(quantity).minus(walk.quantity.toFixed()).toFixed() };
}

/**
 * The perpetual receipt, whether the streamed book covers a market order (otherwise it fills deeper), and the part
 * of a limit order that fills at once (null: it all rests).
 */
export type PerpReceipt = PreTradeReceipt & { bookCovers: boolean; marketable: MarketablePart | null };

/** Whether the streamed book holds `quantity` on the side a market order takes (asks for a buy, bids for a sell). */
export function bookCovers(side: OrderSide, quantity: Decimal.Value, book: Book | null): boolean {
  return book !== null && walkQuantity(levelsTaken(book, side), side, quantity).quantity.gte(quantity);
}

/** The perpetual receipt: expected fill price from the book, fee, margin, liquidation before → after, distance. */
export function perpReceipt(input: PerpReceiptInput): PerpReceipt {
  const marketable = input.kind === 'limit' && input.price ? marketableLimit(input.side, input.quantity, input.price, input.book, input.terms.priceDecimals) : null;
  // a limit the book fills whole at once is a market order within its limit: the same walk, taker fee
  if (marketable && new Decimal(marketable.rest).isZero()) return { ...perpReceipt({ ...input, kind: 'market', price: null }), marketable };
  const side = input.side === 'buy' ? 'long' : 'short';
  // the terms' tiers are margin.ts's own shape
  const tiers = input.terms.maintenanceTiers;
  const expected = expectedMarketPrice(input.side, input.quantity, input.quote, input.book, input.terms.priceDecimals);
  const existing =
    input.settings.positionMode === 'merge'
      ? input.positions.find((p) => p.symbol === input.symbol && p.side === side && p.marginMode === input.settings.marginMode)
      : undefined;
  const otherCross = input.positions
    .filter((p) => p.marginMode === 'cross' && p !== existing)
    .map((p) => ({ margin: p.margin, unrealisedPnl: p.unrealisedPnl, maintenance: maintenanceMargin(p.totalValue, tiers) }));
  const figures = preTradeReceipt({
    side,
    type: input.kind,
    quantity: exposure(input.quantity, input.quoteRate ?? 1),
    leverage: input.leverage,
    price: input.price ?? undefined,
    // a market order fills where the book says: the walked price stands for the side it takes
    quote: { bid: side === 'short' ? expected : input.quote.bid, ask: side === 'long' ? expected : input.quote.ask, last: input.quote.last },
    feeRate: input.kind === 'market' ? input.terms.takerFeeRate : input.terms.makerFeeRate,
    marginMode: input.settings.marginMode,
    available: input.available,
    tiers,
    priceScale: input.terms.priceDecimals,
    existing: existing ? { quantity: exposure(existing.quantity, existing.quoteRate ?? 1), entryPrice: existing.entryPrice, margin: existing.margin } : undefined,
    otherCross,
  });
  // a limit filled in part at once: its figures stay those at the limit and maker rate (an upper bound on the
  // margin of a long, a lower one on the fee); the note says which part fills now
  return { ...figures, bookCovers: input.kind === 'limit' || bookCovers(input.side, input.quantity, input.book), marketable };
}

export interface SpotReceipt {
  expectedPrice: string;
  quantity: string;
  /** price × quantity in the quote unit. */
  value: string;
  fee: string;
  feeAsset: string;
  /** What the user gets: base (buy, net of the fee) or quote (sell, net of the fee). */
  receive: string;
  receiveAsset: string;
  /** Whether the shown book covers the whole market order (otherwise it fills deeper). */
  bookCovers: boolean;
}

/**
 * The spot receipt. The fee is charged in the asset received (engine terms): a buy pays it in the coin, a sell in
 * USDT, at the taker rate for a market order and the maker rate for a limit one (margin.ts's tradeFee rounding).
 * A market buy by amount is the engine's walk: whole steps of the coin at each level, only the value taken
 * spent (the rounding's rest stays in the wallet); at the quote's ask while no book covers it.
 */
export function spotReceipt(input: {
  side: OrderSide;
  kind: OrderKind;
  quantity: string | null;
  amount: string | null;
  price: string | null;
  quote: QuoteSides;
  book: Book | null;
  terms: Pick<InstrumentTerms, 'base' | 'quote' | 'amountDecimals' | 'makerFeeRate' | 'takerFeeRate'>;
}): SpotReceipt {
  const rate = input.kind === 'market' ? input.terms.takerFeeRate : input.terms.makerFeeRate;
  let price: Decimal;
  let quantity: Decimal;
  let value: Decimal | null = null;
  let covers = true;
  if (input.kind === 'limit' && input.price) {
    price = new Decimal(input.price);
    quantity = new Decimal(input.quantity ?? 0);
  } else if (input.amount && input.side === 'buy') {
    const walk = input.book ? walkAmount(levelsTaken(input.book, 'buy'), input.amount, input.terms.amountDecimals) : null;
    covers = walk !== null && !walk.exhausted;
    const average = walk && covers ? averagePriceOf(walk) : null;
    if (walk && average) {
      price = average;
      quantity = new Decimal(walk.quantity.toFixed());
      value = new Decimal(walk.value.toFixed());
    } else {
      price = new Decimal(input.quote.ask);
      quantity = new Decimal(input.amount).div(price).toDecimalPlaces(input.terms.amountDecimals, Decimal.ROUND_DOWN);
    }
  } else {
    const q = input.quantity ?? '0';
    covers = bookCovers(input.side, q, input.book);
    price = new Decimal(expectedMarketPrice(input.side, q, input.quote, input.book));
    quantity = new Decimal(q);
  }
  value ??= price.times(quantity);
  const buy = input.side === 'buy';
  const fee = buy ? tradeFee(quantity, rate, input.terms.amountDecimals) : tradeFee(value, rate);
  const receive = buy ? quantity.minus(fee.toString()) : value.minus(fee.toString());
  return {
    expectedPrice: price.toFixed(),
    quantity: quantity.toFixed(),
    value: value.toFixed(),
    fee: fee.toFixed(),
    feeAsset: buy ? input.terms.base : input.terms.quote,
    receive: receive.toFixed(),
    receiveAsset: buy ? input.terms.base : input.terms.quote,
    bookCovers: covers,
  };
}
