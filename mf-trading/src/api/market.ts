import { request } from '@meridian/shared';

/** Market and favourite calls (server/README.md "Market data"); each resolves with the envelope's data. */
export const MARKET_URLS = {
  byType: '/api/market/byTypeGetMarketPrice',
  all: '/api/market/getMarketPrice',
  klines: '/api/market/klines',
  favoriteList: '/asset/api/favorite/list',
  favoriteInsert: '/asset/api/favorite/insert',
  favoriteDelete: '/asset/api/favorite/delete',
} as const;

/** The server's market categories (INDIES is the server's spelling of indices). */
export type Category = 'CRYPTO' | 'FOREX' | 'CFD' | 'INDIES' | 'STOCK';
export const CATEGORIES: readonly Category[] = ['CRYPTO', 'FOREX', 'CFD', 'INDIES', 'STOCK'];

/** One quote as the REST API and the /ws/market stream send it: prices and volume are decimal strings. */
export interface MarketQuote {
  symbol: string;
  name: string;
  category: Category | string;
  unit: string;
  price: string;
  bid: string;
  ask: string;
  open: string;
  high: string;
  low: string;
  change: string;
  changePercent: string;
  volume: string;
  /** Epoch ms of the last tick. */
  time: number;
  isIco: number;
  priceDecimals: number;
  amountDecimals: number;
  marketOpen: boolean;
}

export const fetchQuotesByType = (type: Category) => request<MarketQuote[]>({ method: 'GET', url: MARKET_URLS.byType, params: { type } });

/** Every quote of every category (getMarketPrice without a symbol). */
export const fetchAllQuotes = () => request<MarketQuote[]>({ method: 'GET', url: MARKET_URLS.all });

/** One instrument's quote: its open, high, low and volume are the rolling 24 h statistics. */
export const fetchQuote = (symbol: string) => request<MarketQuote>({ method: 'GET', url: MARKET_URLS.all, params: { symbol } });

/** The chart intervals the server builds K-lines for (UTC-aligned; weeks open on Monday). */
export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** One K-line: prices and volume are decimal strings, openTime epoch ms. */
export interface Bar {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface Klines {
  symbol: string;
  interval: KlineInterval;
  /** Oldest first; the last bar is still forming. */
  bars: Bar[];
}

/** K-line history of one instrument (the server generates it on the first request of a series). */
export const fetchKlines = (symbol: string, interval: KlineInterval, limit: number) =>
  request<Klines>({ method: 'GET', url: MARKET_URLS.klines, params: { symbol, interval, limit } });

/** The logged-in user's favourites, as quotes. */
export const fetchFavorites = () => request<MarketQuote[]>({ method: 'POST', url: MARKET_URLS.favoriteList, data: {} });

export const setFavorite = (symbol: string, favorite: boolean) =>
  request<{ symbol: string; favorite: boolean }>({
    method: 'POST',
    url: favorite ? MARKET_URLS.favoriteInsert : MARKET_URLS.favoriteDelete,
    data: { symbol },
  });
