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
}

export function marketConfig(env: Env): MarketConfig {
  return {
    seed: env.MARKET_SEED?.trim() || 'meridian',
    tickMs: parseInteger('MARKET_TICK_MS', env.MARKET_TICK_MS, 1000, 10, 60_000),
    klineFlushMs: parseInteger('MARKET_KLINE_FLUSH_MS', env.MARKET_KLINE_FLUSH_MS, 5000, 100, 600_000),
    backfillBars: parseInteger('MARKET_BACKFILL_BARS', env.MARKET_BACKFILL_BARS, 500, 1, 10_000),
    streamKey: env.MARKET_STREAM_KEY?.trim() || 'meridian-public',
    wsMaxBufferedBytes: parseInteger('MARKET_WS_MAX_BUFFER_BYTES', env.MARKET_WS_MAX_BUFFER_BYTES, 1024 * 1024, 1024, 1024 ** 3),
  };
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Error(`${name} must be an integer ${min}-${max}, got "${value}"`);
  return number;
}
