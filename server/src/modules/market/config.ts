import type { FeedKind } from './feed/select.js';

type Env = Record<string, string | undefined>;

/** Market data settings (server/README.md "Configuration"). */
export interface MarketConfig {
  /** MARKET_SEED: the same seed replays the same simulated prices. */
  seed: string;
  /** MARKET_TICK_MS: feed step and stream push interval. */
  tickMs: number;
  /** MARKET_KLINE_FLUSH_MS: how often K-line bars built from ticks are written to the database. */
  klineFlushMs: number;
  /** MARKET_BACKFILL_BARS: history bars generated per (symbol, interval) on its first chart request. */
  backfillBars: number;
  /** MARKET_STREAM_KEY: the access key /ws/market requires (?key=). */
  streamKey: string;
  /** MARKET_WS_MAX_BUFFER_BYTES: a stream client further behind than this is dropped. */
  wsMaxBufferedBytes: number;
  /** MARKET_FEED: `simulated` (every instrument) or `exchange` (the coins the exchange lists; the rest simulated). */
  feed: FeedKind;
  /** MARKET_EXCHANGE_REST_URL and MARKET_EXCHANGE_WS_URL: the exchange's public REST and stream bases. */
  exchange: { restUrl: string; wsUrl: string };
}

const FEEDS: readonly FeedKind[] = ['simulated', 'exchange'];

export function marketConfig(env: Env): MarketConfig {
  return {
    seed: env.MARKET_SEED?.trim() || 'meridian',
    tickMs: parseInteger('MARKET_TICK_MS', env.MARKET_TICK_MS, 1000, 10, 60_000),
    klineFlushMs: parseInteger('MARKET_KLINE_FLUSH_MS', env.MARKET_KLINE_FLUSH_MS, 5000, 100, 600_000),
    backfillBars: parseInteger('MARKET_BACKFILL_BARS', env.MARKET_BACKFILL_BARS, 500, 1, 10_000),
    streamKey: env.MARKET_STREAM_KEY?.trim() || 'meridian-public',
    wsMaxBufferedBytes: parseInteger('MARKET_WS_MAX_BUFFER_BYTES', env.MARKET_WS_MAX_BUFFER_BYTES, 1024 * 1024, 1024, 1024 ** 3),
    feed: parseFeed(env.MARKET_FEED),
    exchange: {
      restUrl: parseBaseUrl('MARKET_EXCHANGE_REST_URL', env.MARKET_EXCHANGE_REST_URL, 'https://api.binance.com', ['http:', 'https:']),
      wsUrl: parseBaseUrl('MARKET_EXCHANGE_WS_URL', env.MARKET_EXCHANGE_WS_URL, 'wss://stream.binance.com:9443', ['ws:', 'wss:']),
    },
  };
}

function parseFeed(value: string | undefined): FeedKind {
  const feed = value?.trim().toLowerCase() || 'simulated';
  if (!(FEEDS as readonly string[]).includes(feed)) throw new Error(`MARKET_FEED must be one of ${FEEDS.join(', ')}, got "${value}"`);
  return feed as FeedKind;
}

/** An absolute URL with one of the protocols, without a trailing slash (paths are appended to it). */
function parseBaseUrl(name: string, value: string | undefined, fallback: string, protocols: readonly string[]): string {
  const text = value?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} must be an absolute ${protocols.join('/')} URL, got "${value}"`);
  }
  if (!protocols.includes(url.protocol) || url.search || url.hash) {
    throw new Error(`${name} must be an absolute ${protocols.join('/')} URL without query, got "${value}"`);
  }
  return text.replace(/\/+$/, '');
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Error(`${name} must be an integer ${min}-${max}, got "${value}"`);
  return number;
}
