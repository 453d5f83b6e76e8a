import { market, type DataOf, type KlineInterval } from '@meridian/contracts';
import { call } from '@meridian/shared';

/** Market and favourite calls (contracts/src/market); each resolves with the envelope's data. */

/** The server's market categories (INDIES is the server's spelling of indices). */
export type Category = 'CRYPTO' | 'FOREX' | 'CFD' | 'INDIES' | 'STOCK';
export const CATEGORIES: readonly Category[] = ['CRYPTO', 'FOREX', 'CFD', 'INDIES', 'STOCK'];

/** One quote as the REST API and the /ws/market stream send it: prices and volume are decimal strings. */
export type MarketQuote = DataOf<typeof market.byType>[number];

export const fetchQuotesByType = (type: Category) => call(market.byType, { type });

/** Every quote of every category (getMarketPrice without a symbol). */
export const fetchAllQuotes = () => call(market.price, {}) as Promise<MarketQuote[]>;

/** One instrument's quote: its open, high, low and volume are the rolling 24 h statistics. */
export const fetchQuote = (symbol: string) => call(market.price, { symbol }) as Promise<MarketQuote>;

/** The chart intervals the server builds K-lines for (UTC-aligned; weeks open on Monday). */
export { KLINE_INTERVALS, type KlineInterval } from '@meridian/contracts';

/** K-line history: oldest first; the last bar is still forming. */
export type Klines = DataOf<typeof market.klines>;
/** One K-line: prices and volume are decimal strings, openTime epoch ms. */
export type Bar = Klines['bars'][number];

/** K-line history of one instrument (the server generates it on the first request of a series). */
export const fetchKlines = (symbol: string, interval: KlineInterval, limit: number) =>
  call(market.klines, { symbol, interval, limit });

/** The logged-in user's favourites, as quotes. */
export const fetchFavorites = () => call(market.favorites);

export const setFavorite = (symbol: string, favorite: boolean) =>
  call(favorite ? market.addFavorite : market.removeFavorite, { symbol });
