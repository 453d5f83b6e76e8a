import { formatScreenTime } from '@meridian/shared';
import type { Bar, KlineInterval } from '../../api/market';
import { bollinger, movingAverage, type Bollinger, type Series } from './candles';

export const MA_PERIODS = [5, 10, 30] as const;
export const BOLL_PERIOD = 20;
export const BOLL_WIDTH = 2;

export interface IndicatorToggles {
  ma: boolean;
  boll: boolean;
}

/** The overlays that are switched on, computed over the closes. */
export interface Overlays {
  ma: Array<{ period: number; values: Series }>;
  boll: Bollinger | null;
}

export function computeOverlays(bars: readonly Bar[], toggles: IndicatorToggles, decimals: number): Overlays {
  const closes = bars.map((bar) => bar.close);
  return {
    ma: toggles.ma ? MA_PERIODS.map((period) => ({ period, values: movingAverage(closes, period, decimals) })) : [],
    boll: toggles.boll ? bollinger(closes, BOLL_PERIOD, BOLL_WIDTH, decimals) : null,
  };
}

/** A bar's open time in UTC (the server's bars are UTC-aligned): the date for daily and weekly bars. */
export function barTime(openTime: number, interval: KlineInterval): string {
  const text = formatScreenTime(openTime, 'utc');
  return interval === '1d' || interval === '1w' ? text.slice(0, 10) : text.slice(0, 16);
}
