/**
 * The public exchange's wire formats (Binance spot market data), as documented for REST /api/v3 and the
 * combined websocket stream. Only the fields the adapter reads are typed; numbers that are money arrive as
 * decimal strings and stay strings. The guards check shape, not meaning: a message that fails one is skipped
 * rather than trusted.
 */

/** GET /api/v3/ticker/24hr (no symbol): one entry per listed symbol. */
export interface RestTicker24h {
  symbol: string;
  lastPrice: string;
  bidPrice: string;
  askPrice: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  volume: string;
  /** Epoch ms of the last update of the rolling window. */
  closeTime: number;
}

/** GET /api/v3/depth and the partial book stream <symbol>@depth<levels>: [price, quantity] pairs, best first. */
export interface BookLevels {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

/**
 * GET /api/v3/klines: [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBuyBase,
 * takerBuyQuote, ignore].
 */
export type RestKline = [number, string, string, string, string, string, number, string, number, string, string, string];

/** Stream <symbol>@ticker: the rolling 24 h ticker, pushed every second while the symbol trades. */
export interface TickerEvent {
  e: '24hrTicker';
  /** Event time, epoch ms. */
  E: number;
  s: string;
  /** Last price, best bid, best ask. */
  c: string;
  b: string;
  a: string;
}

/** Stream <symbol>@kline_<interval>: the bar being built; `v` is its base volume so far, `x` whether it closed. */
export interface KlineEvent {
  e: 'kline';
  E: number;
  s: string;
  k: { t: number; i: string; o: string; h: string; l: string; c: string; v: string; x: boolean };
}

/** What /stream sends for every subscribed stream. */
export interface StreamEnvelope {
  stream: string;
  data: unknown;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLevel = (value: unknown): value is [string, string] => Array.isArray(value) && isText(value[0]) && isText(value[1]);

export function isRestTicker(value: unknown): value is RestTicker24h {
  return isRecord(value) && isText(value.symbol) && isText(value.lastPrice) && isText(value.bidPrice) && isText(value.askPrice);
}

export function isBook(value: unknown): value is BookLevels {
  return isRecord(value) && Array.isArray(value.bids) && Array.isArray(value.asks) && value.bids.every(isLevel) && value.asks.every(isLevel);
}

export function isRestKline(value: unknown): value is RestKline {
  return Array.isArray(value) && typeof value[0] === 'number' && [1, 2, 3, 4, 5].every((i) => isText(value[i]));
}

export function isTickerEvent(value: unknown): value is TickerEvent {
  return isRecord(value) && value.e === '24hrTicker' && typeof value.E === 'number' && isText(value.s) && isText(value.c) && isText(value.b) && isText(value.a);
}

export function isKlineEvent(value: unknown): value is KlineEvent {
  if (!isRecord(value) || value.e !== 'kline' || typeof value.E !== 'number' || !isText(value.s) || !isRecord(value.k)) return false;
  return typeof value.k.t === 'number' && isText(value.k.v) && isText(value.k.c);
}

export function isEnvelope(value: unknown): value is StreamEnvelope {
  return isRecord(value) && isText(value.stream) && 'data' in value;
}

/** Stream names are the lower-case symbol, '@' and the channel: btcusdt@ticker, btcusdt@depth20, btcusdt@kline_1m. */
export function streamName(symbol: string, channel: string): string {
  return `${symbol.toLowerCase()}@${channel}`;
}

/** 'btcusdt@depth20' → ['BTCUSDT', 'depth20']. */
export function parseStreamName(stream: string): [symbol: string, channel: string] | undefined {
  const at = stream.indexOf('@');
  return at > 0 ? [stream.slice(0, at).toUpperCase(), stream.slice(at + 1)] : undefined;
}
