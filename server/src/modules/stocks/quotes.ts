import { Dec } from '../ledger/decimal.js';
import type { Quote } from '../market/quote.js';
import { toUsdt, type Converted, type RateVersion } from './conversion.js';
import type { Venue } from './venue.js';

/** A stock as the market calls answer it (contracts/src/stocks/schemas.ts StockQuote). */
export interface StockQuote {
  symbol: string;
  name: string;
  venue: Venue['id'];
  exchange: string;
  currency: Venue['currency'];
  price: string;
  previousClose: string | null;
  previousCloseAt: number | null;
  change: string | null;
  changePercent: string | null;
  time: number;
  priceDecimals: number;
  lotSize: number;
  marketOpen: boolean;
  priceUsdt: Converted | null;
}

/**
 * Pure: the list entry of one stock from its live quote, the previous close (the last recorded price of the
 * previous trading day, when one was) and the rate in force for its currency (when one is set). The change is the
 * last price less the previous close at the instrument's decimals; the change % of it to 2 decimals, half up.
 */
export function stockQuote(
  quote: Quote,
  venue: Venue,
  exchange: string,
  previous: { price: string; at: number } | undefined,
  rate: RateVersion | undefined,
): StockQuote {
  const dp = quote.priceDecimals;
  const close = previous && new Dec(previous.price);
  const change = close && new Dec(quote.price).minus(close);
  return {
    symbol: quote.symbol,
    name: quote.name,
    venue: venue.id,
    exchange,
    currency: venue.currency,
    price: quote.price,
    previousClose: close ? close.toFixed(dp) : null,
    previousCloseAt: previous?.at ?? null,
    change: change ? change.toFixed(dp) : null,
    changePercent: change && close!.gt(0) ? change.div(close!).times(100).toFixed(2) : null,
    time: quote.time,
    priceDecimals: dp,
    lotSize: venue.lotSize,
    marketOpen: quote.marketOpen,
    priceUsdt: rate ? toUsdt(quote.price, rate) : null,
  };
}

/**
 * The gainers (up against their previous close, most first) or the losers (down, most first); ties by symbol. A
 * stock without a previous close, or unchanged, is neither.
 */
export function rankByChange(quotes: readonly StockQuote[], direction: 'gainers' | 'losers'): StockQuote[] {
  const sign = direction === 'gainers' ? 1 : -1;
  return quotes
    .filter((q) => q.change !== null && new Dec(q.change).comparedTo(0) === sign)
    .map((q) => ({ q, ratio: new Dec(q.change!).div(q.previousClose!) }))
    .sort((a, b) => sign * b.ratio.comparedTo(a.ratio) || a.q.symbol.localeCompare(b.q.symbol))
    .map(({ q }) => q);
}
