export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type Interval = (typeof INTERVALS)[number];

const MINUTE = 60_000;
export const INTERVAL_MS: Record<Interval, number> = {
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

export function isInterval(value: string): value is Interval {
  return (INTERVALS as readonly string[]).includes(value);
}

/** The open time of the bar of `interval` containing instant t. */
export function barOpen(interval: Interval, t: number): number {
  const ms = INTERVAL_MS[interval];
  const origin = interval === '1w' ? WEEK_ORIGIN : 0;
  return Math.floor((t - origin) / ms) * ms + origin;
}
