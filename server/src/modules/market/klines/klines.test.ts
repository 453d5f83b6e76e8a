import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Decimal } from 'decimal.js';
import type { Tick } from '../feed/port.js';
import { isOpen } from '../hours/calendar.js';
import { INSTRUMENT_SEEDS } from '../instruments/catalogue.js';
import { BarBuilder } from './bar.js';
import { generateHistory } from './history.js';
import { barOpen, KLINE_INTERVAL_MS, KLINE_INTERVALS } from '@meridian/contracts';
import { RollingStats } from './stats.js';

const T0 = Date.parse('2026-03-09T10:00:00Z');
const tick = (time: number, price: string, volume = '1.00000'): Tick => ({ symbol: 'BTCUSDT', category: 'CRYPTO', price, bid: price, ask: price, volume, time });
const instrument = (symbol: string) => INSTRUMENT_SEEDS.find((i) => i.symbol === symbol)!;

test('bar open times: UTC-aligned, weeks on Monday 00:00 UTC', () => {
  assert.equal(barOpen('5m', Date.parse('2026-03-09T10:07:30Z')), Date.parse('2026-03-09T10:05:00Z'));
  assert.equal(barOpen('4h', Date.parse('2026-03-09T10:07:30Z')), Date.parse('2026-03-09T08:00:00Z'));
  assert.equal(barOpen('1d', Date.parse('2026-03-09T10:07:30Z')), Date.parse('2026-03-09T00:00:00Z'));
  assert.equal(barOpen('1w', Date.parse('2026-03-12T10:07:30Z')), Date.parse('2026-03-09T00:00:00Z'));
  assert.equal(new Date(barOpen('1w', Date.parse('2026-03-09T00:00:00Z'))).getUTCDay(), 1);
});

test('ticks aggregate into OHLCV and a new bar opens at the previous close across the boundary', () => {
  const builder = new BarBuilder('1m', '100.00');
  assert.equal(builder.apply(tick(T0 + 1_000, '101.00', '0.50000')), undefined);
  builder.apply(tick(T0 + 20_000, '99.50', '1.25000'));
  builder.apply(tick(T0 + 59_999, '100.25', '2.00000'));
  const closed = builder.apply(tick(T0 + 60_000, '100.75', '0.10000'));
  assert.deepEqual(closed, { openTime: T0, open: '100.00', high: '101.00', low: '99.50', close: '100.25', volume: '3.75000' });
  assert.deepEqual(builder.current, { openTime: T0 + 60_000, open: '100.25', high: '100.75', low: '100.25', close: '100.75', volume: '0.10000' });
  // A gap (no ticks for three minutes) opens the next bar at the last close.
  const second = builder.apply(tick(T0 + 240_500, '98.00', '1.00000'));
  assert.equal(second?.close, '100.75');
  assert.deepEqual(builder.current, { openTime: T0 + 240_000, open: '100.75', high: '100.75', low: '98.00', close: '98.00', volume: '1.00000' });
});

test('history: the requested count, contiguous, valid OHLC, joining the anchor, deterministic', () => {
  const btc = instrument('BTCUSDT');
  for (const interval of KLINE_INTERVALS) {
    const anchor = barOpen(interval, T0);
    const bars = generateHistory('seed', btc, interval, anchor, '64000.00', 500);
    assert.equal(bars.length, 500, interval);
    bars.forEach((bar, i) => {
      assert.equal(bar.openTime, anchor - (500 - i) * KLINE_INTERVAL_MS[interval]);
      assert.ok(new Decimal(bar.low).lessThanOrEqualTo(Decimal.min(bar.open, bar.close)), `${interval} low`);
      assert.ok(new Decimal(bar.high).greaterThanOrEqualTo(Decimal.max(bar.open, bar.close)), `${interval} high`);
      assert.match(bar.open, /^\d+\.\d{2}$/);
      assert.match(bar.volume, /^\d+\.\d{5}$/);
      if (i > 0) assert.equal(bar.open, bars[i - 1]!.close, 'bars join up');
    });
    assert.equal(bars[bars.length - 1]!.close, '64000.00');
    assert.deepEqual(generateHistory('seed', btc, interval, anchor, '64000.00', 500), bars);
  }
  assert.notDeepEqual(generateHistory('other', btc, '1h', barOpen('1h', T0), '64000.00', 50), generateHistory('seed', btc, '1h', barOpen('1h', T0), '64000.00', 50));
});

test('history of a stock has bars only where its market trades', () => {
  const aapl = instrument('AAPL:NASDAQ');
  const bars = generateHistory('seed', aapl, '30m', barOpen('30m', T0), '189.5000000000', 500);
  assert.equal(bars.length, 500);
  for (const bar of bars) {
    const overlaps = [0, 1, 29].some((m) => isOpen('US', bar.openTime + m * 60_000));
    assert.ok(overlaps, `bar at ${new Date(bar.openTime).toISOString()} is outside the session`);
    assert.notEqual(new Date(bar.openTime).getUTCDay(), 0);
  }
  const days = generateHistory('seed', aapl, '1d', barOpen('1d', T0), '189.5000000000', 30);
  assert.ok(days.every((bar) => ![0, 6].includes(new Date(bar.openTime).getUTCDay())), 'no weekend daily bars');
});

test('24 h stats: open of the oldest bar in the window, extremes, summed volume, change and percent', () => {
  const stats = new RollingStats(2, 5);
  const minute = 60_000;
  const start = T0 - 24 * 60 * minute;
  stats.update({ openTime: start - minute, open: '50.00', high: '500.00', low: '1.00', close: '80.00', volume: '100.00000' }); // older than 24 h
  stats.update({ openTime: start + minute, open: '80.00', high: '90.00', low: '79.00', close: '85.00', volume: '1.50000' });
  stats.update({ openTime: T0 - minute, open: '85.00', high: '95.50', low: '70.25', close: '88.00', volume: '2.25000' });
  stats.update({ openTime: T0 - minute, open: '85.00', high: '96.00', low: '70.25', close: '88.00', volume: '2.50000' }); // same bar, updated
  assert.deepEqual(stats.stats(T0, '88.00'), {
    open: '80.00',
    high: '96.00',
    low: '70.25',
    last: '88.00',
    change: '8.00',
    changePercent: '10.00',
    volume: '4.00000',
  });
  assert.equal(stats.stats(T0, '60.00').changePercent, '-25.00');
  assert.equal(stats.stats(T0, '60.00').low, '60.00', 'the last price counts as a low');
  assert.equal(stats.stats(T0, '79.99').changePercent, '-0.01');
  // With no trade since, an hour later the window still ends at the last bar (a closed market shows its last day).
  assert.equal(stats.stats(T0 + 60 * minute, '88.00').open, '80.00');
  // After a trade an hour later the first bar has left the window.
  stats.update({ openTime: T0 + 59 * minute, open: '88.00', high: '88.00', low: '88.00', close: '88.00', volume: '0.00000' });
  assert.deepEqual(stats.stats(T0 + 60 * minute, '88.00'), {
    open: '85.00',
    high: '96.00',
    low: '70.25',
    last: '88.00',
    change: '3.00',
    changePercent: '3.53',
    volume: '2.50000',
  });
});
