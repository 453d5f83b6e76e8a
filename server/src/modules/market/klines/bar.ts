import type { Tick } from '../feed/port.js';
import { barOpen, type KlineInterval } from '@meridian/contracts';
import { fromUnits, toUnits } from './stats.js';

/** One K-line; prices and volume are decimal strings, openTime epoch ms. */
export interface Bar {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/**
 * Builds the bars of one (symbol, interval) from ticks. A new bar opens at the previous close (so consecutive
 * bars join up, and a market's first bar after a pause opens where it stood), then takes each tick's price as
 * high/low/close and adds its volume.
 */
export class BarBuilder {
  current: Bar | undefined;

  constructor(
    readonly interval: KlineInterval,
    private previousClose: string,
    resume?: Bar,
  ) {
    this.current = resume;
    if (resume) this.previousClose = resume.close;
  }

  /** Applies a tick; returns the bar that it closed, if it started a new one. */
  apply(tick: Tick): Bar | undefined {
    const openTime = barOpen(this.interval, tick.time);
    let closed: Bar | undefined;
    if (!this.current || openTime > this.current.openTime) {
      closed = this.current;
      const open = this.current?.close ?? this.previousClose;
      this.current = { openTime, open, high: open, low: open, close: open, volume: fromUnits(0n, decimalsOf(tick.volume)) };
    }
    const bar = this.current;
    // Prices carry at most 15 significant digits, so comparing them as numbers orders them exactly.
    const price = Number(tick.price);
    if (price > Number(bar.high)) bar.high = tick.price;
    if (price < Number(bar.low)) bar.low = tick.price;
    bar.close = tick.price;
    const dp = Math.max(decimalsOf(bar.volume), decimalsOf(tick.volume));
    bar.volume = fromUnits(toUnits(bar.volume, dp) + toUnits(tick.volume, dp), dp);
    this.previousClose = tick.price;
    return closed;
  }
}

function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}
