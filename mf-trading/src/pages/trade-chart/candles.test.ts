import type { Bar } from '../../api/market';
import { barOpen as bucketOpen } from '@meridian/contracts';
import { applyTick, bollinger, movingAverage } from './candles';

const bar = (openTime: number, open: string, high: string, low: string, close: string, volume = '1.5'): Bar => ({ openTime, open, high, low, close, volume });

// 2024-03-06 (a Wednesday) 10:07:30.250 UTC
const T = Date.UTC(2024, 2, 6, 10, 7, 30, 250);

describe('bucketOpen', () => {
  it('aligns every interval to UTC, and weeks to Monday 00:00 UTC', () => {
    expect(bucketOpen('1m', T)).toBe(Date.UTC(2024, 2, 6, 10, 7));
    expect(bucketOpen('5m', T)).toBe(Date.UTC(2024, 2, 6, 10, 5));
    expect(bucketOpen('15m', T)).toBe(Date.UTC(2024, 2, 6, 10, 0));
    expect(bucketOpen('30m', T)).toBe(Date.UTC(2024, 2, 6, 10, 0));
    expect(bucketOpen('1h', T)).toBe(Date.UTC(2024, 2, 6, 10));
    expect(bucketOpen('4h', T)).toBe(Date.UTC(2024, 2, 6, 8));
    expect(bucketOpen('1d', T)).toBe(Date.UTC(2024, 2, 6));
    expect(bucketOpen('1w', T)).toBe(Date.UTC(2024, 2, 4)); // Monday
    expect(bucketOpen('1w', Date.UTC(2024, 2, 4))).toBe(Date.UTC(2024, 2, 4));
    expect(bucketOpen('1w', Date.UTC(2024, 2, 3, 23, 59, 59, 999))).toBe(Date.UTC(2024, 1, 26));
  });
});

describe('applyTick', () => {
  const open5m = Date.UTC(2024, 2, 6, 10, 5);
  const bars = [bar(open5m - 300_000, '100.00', '101.00', '99.00', '100.50'), bar(open5m, '100.50', '100.80', '100.20', '100.60')];

  it('moves the close of the last bar inside its bucket, and its high or low when the price passes them', () => {
    const higher = applyTick(bars, { price: '100.95', time: T }, '5m');
    expect(higher).toHaveLength(2);
    expect(higher[1]).toEqual(bar(open5m, '100.50', '100.95', '100.20', '100.95'));
    const lower = applyTick(higher, { price: '100.15', time: T + 1000 }, '5m');
    expect(lower[1]).toEqual(bar(open5m, '100.50', '100.95', '100.15', '100.15'));
    const inside = applyTick(lower, { price: '100.40', time: T + 2000 }, '5m');
    expect(inside[1]).toEqual(bar(open5m, '100.50', '100.95', '100.15', '100.40'));
    expect(inside[0]).toBe(bars[0]);
    expect(bars[1]).toEqual(bar(open5m, '100.50', '100.80', '100.20', '100.60')); // not mutated
  });

  it('compares prices as decimals, not as text', () => {
    const moved = applyTick([bar(open5m, '9.5', '9.9', '9.1', '9.5')], { price: '10.05', time: T }, '5m');
    expect(moved[0]).toEqual(bar(open5m, '9.5', '10.05', '9.1', '10.05'));
  });

  it('opens a new bar at the previous close when the tick is in the next bucket', () => {
    const next = applyTick(bars, { price: '100.10', time: open5m + 300_000 + 5 }, '5m');
    expect(next).toHaveLength(3);
    expect(next[2]).toEqual(bar(open5m + 300_000, '100.60', '100.60', '100.10', '100.10', '0'));
    const up = applyTick(bars, { price: '101.00', time: open5m + 600_000 }, '5m');
    expect(up[2]).toEqual(bar(open5m + 600_000, '100.60', '101.00', '100.60', '101.00', '0'));
  });

  it('ignores a tick older than the last bar and an unchanged price (same array)', () => {
    expect(applyTick(bars, { price: '50', time: open5m - 1 }, '5m')).toBe(bars);
    expect(applyTick(bars, { price: '100.60', time: T }, '5m')).toBe(bars);
    expect(applyTick([], { price: '1', time: T }, '5m')).toEqual([]);
  });
});

describe('movingAverage', () => {
  it('averages the last n closes once n exist, with exact decimals', () => {
    expect(movingAverage(['1', '2', '3', '4', '5', '6', '7'], 5, 2)).toEqual([null, null, null, null, '3.00', '4.00', '5.00']);
    expect(movingAverage(['0.1', '0.2', '0.4'], 2, 3)).toEqual([null, '0.150', '0.300']);
    // 10.01 + 10.02 + 10.04 = 30.07; / 3 = 10.0233… -> 10.02 (half up at the last digit)
    expect(movingAverage(['10.01', '10.02', '10.04'], 3, 2)).toEqual([null, null, '10.02']);
    expect(movingAverage(['1.005', '1.006'], 2, 3)).toEqual([null, '1.006']); // 1.0055 rounds half up
    expect(movingAverage(['1', '2'], 5, 2)).toEqual([null, null]);
  });
});

describe('bollinger', () => {
  it('is the 20-bar mean ± 2 population standard deviations', () => {
    const closes = Array.from({ length: 21 }, (_, i) => String(i + 1));
    const bands = bollinger(closes, 20, 2, 2);
    expect(bands.middle.slice(0, 19)).toEqual(Array(19).fill(null));
    // 1…20: mean 10.5, variance (20² − 1) / 12 = 33.25, σ = 5.766281297…, 2σ = 11.532562594…
    expect([bands.lower[19], bands.middle[19], bands.upper[19]]).toEqual(['-1.03', '10.50', '22.03']);
    // 2…21: the same spread around 11.5
    expect([bands.lower[20], bands.middle[20], bands.upper[20]]).toEqual(['-0.03', '11.50', '23.03']);
  });

  it('collapses onto the mean for a flat market', () => {
    const bands = bollinger(Array(20).fill('64250.5'), 20, 2, 2);
    expect([bands.lower[19], bands.middle[19], bands.upper[19]]).toEqual(['64250.50', '64250.50', '64250.50']);
  });
});
