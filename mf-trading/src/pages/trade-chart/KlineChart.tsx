// Loaded lazily (React.lazy in KlinePanel): ECharts stays out of the first route's bundle, and only the parts
// drawn here are registered, not the ~315 KB gzip full build (DESIGN §6).
import { formatQuotePrice } from '@meridian/shared';
import { useEffect, useRef } from 'react';
// (echarts' `use` renamed: it is not React's use hook)
import { init, use as registerParts } from 'echarts/core';
import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { AxisPointerComponent, DataZoomInsideComponent, GridComponent, MarkLineComponent, MarkPointComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { Bar, KlineInterval } from '../../api/market';
import { dataOption, FIRST_SCREEN_BARS, frameOption, lastBars, openingWindow, type ChartColors, type ChartMark } from './chartOption';
import type { Overlays } from './indicators';
import styles from './chart.module.css';

registerParts([CandlestickChart, LineChart, BarChart, GridComponent, TooltipComponent, AxisPointerComponent, DataZoomInsideComponent, MarkPointComponent, MarkLineComponent, CanvasRenderer]);

function themeColors(element: HTMLElement): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--mer-up', '#0ea371'),
    down: read('--mer-down', '#e5484d'),
    text: read('--mer-text', '#111827'),
    muted: read('--mer-text-muted', '#5b6474'),
    border: read('--mer-border', '#dde2ec'),
    surface: read('--mer-surface', '#ffffff'),
  };
}

export interface KlineChartProps {
  bars: readonly Bar[];
  overlays: Overlays;
  interval: KlineInterval;
  decimals: number;
  label: string;
  /** The bar under the crosshair, or null when the pointer leaves. */
  onHover: (index: number | null) => void;
  /** Prices pinned on their bars (a seconds contract's open and close). */
  marks?: readonly ChartMark[];
}

/** Candles, volume and overlays on one canvas; the crosshair reports the bar under it. */
export default function KlineChart({ bars, overlays, interval, decimals, label, onHover, marks }: KlineChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const paint = useRef<(() => void) | null>(null);
  const latest = useRef({ onHover, decimals, bars, overlays, interval, marks });
  useEffect(() => {
    latest.current = { onHover, decimals, bars, overlays, interval, marks };
  });

  // created once per mount (the panel remounts per symbol and interval), so the user's zoom survives updates
  const initialCount = useRef(Math.min(bars.length, FIRST_SCREEN_BARS));
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const instance = init(host, undefined, { renderer: 'canvas' });
    // the axis labels read the decimals when they draw: they arrive with the quote, possibly after the bars
    const formatPrice = (value: number) => formatQuotePrice(value, latest.current.decimals);
    let colors = themeColors(host);
    instance.setOption(frameOption(colors, formatPrice, initialCount.current));
    // the first screen of candles first, the whole history once the browser is idle (see FIRST_SCREEN_BARS)
    let wholeHistory = latest.current.bars.length <= FIRST_SCREEN_BARS;
    let seriesIds = '';
    paint.current = () => {
      const { bars: all, overlays: allLines, interval: size, marks: pins } = latest.current;
      const { bars: data, overlays: lines } = wholeHistory ? { bars: all, overlays: allLines } : lastBars(all, allLines, FIRST_SCREEN_BARS);
      const option = dataOption(data, lines, size, colors, pins);
      const ids = (option.series as Array<{ id: string }>).map((series) => series.id).join();
      // a tick changes the data of the same series: merged into them (and drawn on the next frame, so a burst of
      // ticks draws once) rather than replacing every series; an overlay switched on or off replaces them
      instance.setOption(option, ids === seriesIds ? { lazyUpdate: true } : { replaceMerge: ['series'] });
      seriesIds = ids;
    };
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback : (run: () => void) => setTimeout(run, 50);
    const cancelIdle = typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout;
    const historyTask = wholeHistory
      ? undefined
      : idle(() => {
          wholeHistory = true;
          paint.current?.();
          instance.setOption(openingWindow(latest.current.bars.length));
        });

    // a canvas cannot follow CSS variables: a theme switch repaints with the new colours (keeping the zoom)
    const recolor = new MutationObserver(() => {
      colors = themeColors(host);
      const { dataZoom: _zoom, ...frame } = frameOption(colors, formatPrice, initialCount.current);
      instance.setOption(frame);
      paint.current?.();
    });
    recolor.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

    instance.on('updateAxisPointer', (event) => {
      const axis = (event as { axesInfo?: Array<{ axisDim: string; value: number }> }).axesInfo?.find((info) => info.axisDim === 'x');
      latest.current.onHover(axis ? axis.value : null);
    });
    // leaving the chart returns the read-out to the live bar (touch emulation does not always send globalout)
    const leave = () => {
      instance.dispatchAction({ type: 'hideTip' });
      latest.current.onHover(null);
    };
    instance.on('globalout', leave);
    host.addEventListener('mouseleave', leave);
    const resize = () => instance.resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(host);
    window.addEventListener('resize', resize);
    return () => {
      if (historyTask !== undefined) cancelIdle(historyTask as number);
      recolor.disconnect();
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      host.removeEventListener('mouseleave', leave);
      instance.dispose();
      paint.current = null;
    };
  }, []);

  useEffect(() => paint.current?.(), [bars, overlays, interval, marks]);

  return <div ref={element} className={styles.chart} role="img" aria-label={label} data-testid="kline-chart" />;
}
