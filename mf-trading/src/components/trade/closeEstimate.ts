import Decimal from 'decimal.js';
import { exposure, pnl, tradeFee } from '@meridian/contracts';
import type { Position } from '../../api/trading';
import { bookCovers, expectedMarketPrice, type QuoteSides } from './receipt';
import type { DepthLevel } from '@meridian/shared';

type Book = { bids: readonly DepthLevel[]; asks: readonly DepthLevel[] };

/** What the close sheet expects a market close of part (or all) of a position to come to. */
export interface CloseEstimate {
  /** The price the close is expected to fill at: the walk of the streamed book (bids for a long, asks for a short). */
  price: string;
  /** Trading P/L of the part closed at that price, before the fee (perp margin.ts's pnl, rounded down). */
  pnl: string;
  /** The closing fee: price × the part closed × the position's frozen taker rate, rounded up; null without a rate. */
  fee: string | null;
  /** P/L net of the closing fee (the fee left out when no rate is known). */
  net: string;
  /** Whether the streamed book holds the whole part (otherwise it fills deeper than shown); null before a book arrives (the quote's bid or ask stands in). */
  bookCovers: boolean | null;
}

/**
 * The close sheet's estimate for closing `units` of `position` at market, with the engine's own formulas
 * (server perpetual settlement's settleClose): the part closed is units × the position's quote rate (a forex
 * pair's conversion, 1 for a coin), the P/L is (price − entry) × that for a long, (entry − price) × that for a
 * short, the fee is price × that × the taker rate frozen in the position's terms. The price is the walk the open
 * receipt uses (receipt's expectedMarketPrice, contracts' walkQuantity and walkPrice): a close is a market order on
 * the other side. Null for a size that is not a positive number.
 */
export function closeEstimate(input: {
  position: Pick<Position, 'side' | 'entryPrice'> & { quoteRate?: string };
  units: Decimal.Value;
  quote: QuoteSides;
  book: Book | null;
  priceDecimals: number | undefined;
  takerFeeRate: string | null;
}): CloseEstimate | null {
  let units: Decimal;
  try {
    units = new Decimal(input.units);
  } catch {
    return null;
  }
  if (!units.isFinite() || units.lte(0)) return null;
  const side = input.position.side === 'long' ? 'sell' : 'buy';
  const price = expectedMarketPrice(side, units, input.quote, input.book, input.priceDecimals);
  const closed = exposure(units.toFixed(), input.position.quoteRate ?? 1);
  const gross = pnl(input.position.side, input.position.entryPrice, price, closed);
  const fee = input.takerFeeRate === null ? null : tradeFee(new Decimal(price).times(closed).toFixed(), input.takerFeeRate);
  return {
    price,
    pnl: gross.toFixed(),
    fee: fee ? fee.toFixed() : null,
    net: (fee ? gross.minus(fee) : gross).toFixed(),
    bookCovers: input.book === null ? null : bookCovers(side, units, input.book),
  };
}
