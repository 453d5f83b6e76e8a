import { venueSession } from './hours.js';
import { priceRefusal, sizeRefusal, venueOf } from './venue.js';

export type StockOrderRefusal = 'notAStock' | 'outOfTradingTime' | 'invalidSize' | 'invalidPrice';

/**
 * What refuses a stock order at instant `at`, as catalogue keys, in the order a user meets them: a symbol on no
 * stock venue, the venue closed (nights, weekends, holidays, the Tokyo lunch break), a size off the venue's lot,
 * a limit price off its tick (a market order has none). Null when the order may go on to the funds check. Pure:
 * the caller has looked the symbol up in the catalogue first (StocksService.stock: unknownSymbol, notAStock).
 */
export function stockOrderRefusal(symbol: string, order: { shares: string; price?: string }, at: number): StockOrderRefusal | null {
  const venue = venueOf(symbol);
  if (!venue) return 'notAStock';
  if (!venueSession(symbol, at)?.open) return 'outOfTradingTime';
  return sizeRefusal(venue, order.shares) ?? (order.price === undefined ? null : priceRefusal(venue, order.price));
}
