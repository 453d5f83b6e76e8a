import Decimal from 'decimal.js';
import { barOpen } from '@meridian/contracts';
import type { Bar, KlineInterval } from '../../api/market';

export interface Tick {
  price: string;
  /** Epoch ms of the trade. */
  time: number;
}

/**
 * The bars after one live price: inside the last bar's bucket it moves that bar's close (and high or low);
 * past it a new bar opens at the previous close, as the server's BarBuilder does, with no volume yet (the quote
 * stream carries 24 h volume, not the trade's). A tick older than the last bar changes nothing (same array).
 */
export function applyTick(bars: readonly Bar[], tick: Tick, interval: KlineInterval): readonly Bar[] {
  const last = bars[bars.length - 1];
  if (!last) return bars;
  const price = new Decimal(tick.price);
  const openTime = barOpen(interval, tick.time);
  if (openTime < last.openTime) return bars;
  if (openTime === last.openTime) {
    const next: Bar = {
      ...last,
      high: price.gt(last.high) ? tick.price : last.high,
      low: price.lt(last.low) ? tick.price : last.low,
      close: tick.price,
    };
    return next.close === last.close && next.high === last.high && next.low === last.low ? bars : [...bars.slice(0, -1), next];
  }
  const open = last.close;
  return [
    ...bars,
    {
      openTime,
      open,
      high: price.gt(open) ? tick.price : open,
      low: price.lt(open) ? tick.price : open,
      close: tick.price,
      volume: '0',
    },
  ];
}

/** One value per bar, null until a full window exists. */
export type Series = Array<string | null>;

/** Simple moving average of `period` closes, rounded half up to `decimals`. */
export function movingAverage(closes: readonly string[], period: number, decimals: number): Series {
  const out: Series = [];
  let sum = new Decimal(0);
  closes.forEach((close, i) => {
    sum = sum.plus(close);
    if (i >= period) sum = sum.minus(closes[i - period]!);
    out.push(i >= period - 1 ? sum.div(period).toFixed(decimals, Decimal.ROUND_HALF_UP) : null);
  });
  return out;
}

export interface Bollinger {
  middle: Series;
  upper: Series;
  lower: Series;
}

/**
 * Bollinger bands: the `period` moving average and `width` population standard deviations (divided by n, as
 * charting platforms do) above and below it, rounded half up to `decimals` only at the end.
 */
export function bollinger(closes: readonly string[], period: number, width: number, decimals: number): Bollinger {
  const bands: Bollinger = { middle: [], upper: [], lower: [] };
  const round = (value: Decimal) => value.toFixed(decimals, Decimal.ROUND_HALF_UP);
  closes.forEach((_, i) => {
    if (i < period - 1) {
      bands.middle.push(null);
      bands.upper.push(null);
      bands.lower.push(null);
      return;
    }
    const window = closes.slice(i - period + 1, i + 1).map((close) => new Decimal(close));
    const mean = Decimal.sum(...window).div(period);
    const variance = Decimal.sum(...window.map((close) => close.minus(mean).pow(2))).div(period);
    const band = variance.sqrt().times(width);
    bands.middle.push(round(mean));
    bands.upper.push(round(mean.plus(band)));
    bands.lower.push(round(mean.minus(band)));
  });
  return bands;
}
