import type { Bar } from './bar.js';

export interface Stats24h {
  open: string;
  high: string;
  low: string;
  last: string;
  change: string;
  /** Percent, two decimals. */
  changePercent: string;
  volume: string;
}

const WINDOW_MS = 86_400_000;

interface Entry {
  bar: Bar;
  high: number;
  low: number;
  units: bigint;
}

/**
 * Rolling 24 h statistics of one symbol over its 1-minute bars: open is the open of the oldest bar in the
 * window, high/low the extremes, volume their sum (a running decimal total, so an update costs O(1) besides
 * the extreme scan).
 */
export class RollingStats {
  private entries: Entry[] = [];
  /** The window's volume in units of the last amount decimal (exact integer arithmetic). */
  private volume = 0n;

  constructor(
    private readonly priceDecimals: number,
    private readonly amountDecimals: number,
    history: readonly Bar[] = [],
  ) {
    for (const bar of history) this.update(bar);
  }

  /** Adds a bar, or replaces the newest one when it has the same open time. */
  update(bar: Bar): void {
    const last = this.entries[this.entries.length - 1];
    if (last && last.bar.openTime === bar.openTime) {
      this.volume -= last.units;
      this.entries[this.entries.length - 1] = this.entry(bar);
    } else if (!last || bar.openTime > last.bar.openTime) {
      this.entries.push(this.entry(bar));
    } else {
      return;
    }
    this.volume += (this.entries[this.entries.length - 1] as Entry).units;
  }

  private entry(bar: Bar): Entry {
    return { bar, high: Number(bar.high), low: Number(bar.low), units: toUnits(bar.volume, this.amountDecimals) };
  }

  /**
   * The statistics of the 24 h up to the last trade: for a market that has closed (a stock at the weekend) that
   * is its last trading day, as a quote screen shows it, rather than an empty window.
   */
  stats(now: number, lastPrice: string): Stats24h {
    const newest = this.entries[this.entries.length - 1];
    const end = Math.min(now, newest ? newest.bar.openTime + 60_000 : now);
    let drop = 0;
    while (drop < this.entries.length && (this.entries[drop] as Entry).bar.openTime < end - WINDOW_MS) {
      this.volume -= (this.entries[drop] as Entry).units;
      drop++;
    }
    if (drop) this.entries = this.entries.slice(drop);
    const first = this.entries[0];
    if (!first) return flat(lastPrice, this.priceDecimals, this.amountDecimals);
    let high = first;
    let low = first;
    for (const e of this.entries) {
      if (e.high > high.high) high = e;
      if (e.low < low.low) low = e;
    }
    const dp = this.priceDecimals;
    const open = toUnits(first.bar.open, dp);
    const last = toUnits(lastPrice, dp);
    const change = last - open;
    // Percent with two decimals, rounded half away from zero, in integer arithmetic.
    const scaled = change * 20_000n;
    const percent = open === 0n ? 0n : (scaled + (scaled < 0n ? -open : open)) / (2n * open);
    const lastNumber = Number(lastPrice);
    return {
      open: fromUnits(open, dp),
      high: lastNumber > high.high ? fromUnits(last, dp) : fromUnits(toUnits(high.bar.high, dp), dp),
      low: lastNumber < low.low ? fromUnits(last, dp) : fromUnits(toUnits(low.bar.low, dp), dp),
      last: fromUnits(last, dp),
      change: fromUnits(change, dp),
      changePercent: fromUnits(percent, 2),
      volume: fromUnits(this.volume, this.amountDecimals),
    };
  }
}

/** '12.345' at 5 decimals → 1234500n (extra decimals are cut). */
export function toUnits(text: string, decimals: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return negative ? -units : units;
}

export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative ? `-${text}` : text;
}

function flat(price: string, priceDecimals: number, amountDecimals: number): Stats24h {
  return { open: price, high: price, low: price, last: price, change: fromUnits(0n, priceDecimals), changePercent: '0.00', volume: fromUnits(0n, amountDecimals) };
}
