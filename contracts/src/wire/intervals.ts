/** The K-line intervals the market serves and the chart offers, shortest first. */
export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

const MINUTE = 60_000;
export const KLINE_INTERVAL_MS: Readonly<Record<KlineInterval, number>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};
/** 1970-01-05 was a Monday: weekly bars open on Monday 00:00 UTC; every other interval is aligned to UTC. */
const WEEK_ORIGIN = 4 * 1440 * MINUTE;

export function isKlineInterval(value: unknown): value is KlineInterval {
  return typeof value === 'string' && (KLINE_INTERVALS as readonly string[]).includes(value);
}

/** The open time of the bar of `interval` containing instant t (ms). */
export function barOpen(interval: KlineInterval, t: number): number {
  const ms = KLINE_INTERVAL_MS[interval];
  const origin = interval === '1w' ? WEEK_ORIGIN : 0;
  return Math.floor((t - origin) / ms) * ms + origin;
}
