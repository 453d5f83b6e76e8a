import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, CandlestickSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  AxisPointerComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  MarkLineComponentOption,
  MarkPointComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { compareExact } from '@meridian/shared';
import type { Bar, KlineInterval } from '../../api/market';
import { formatVolume } from '../../components/market/quotes';
import type { Series } from './candles';
import { barTime, type Overlays } from './indicators';

export type ChartOption = ComposeOption<
  | CandlestickSeriesOption
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | AxisPointerComponentOption
  | DataZoomComponentOption
  | MarkPointComponentOption
  | MarkLineComponentOption
>;

/** The theme's colours, read from its CSS variables (a canvas cannot use them directly). */
export interface ChartColors {
  up: string;
  down: string;
  text: string;
  muted: string;
  border: string;
  surface: string;
}

/** Overlay line colours: fixed, so a line keeps its colour in both themes and in the read-out legend. */
export const OVERLAY_COLORS = { ma5: '#d69e2e', ma10: '#8b5cf6', ma30: '#0891b2', boll: '#64748b' } as const;

/** A price pinned on the chart at a time (a seconds contract's open and close): a pin on its bar and a level line. */
export interface ChartMark {
  /** The text beside the dot (its name and price). */
  label: string;
  /** The open time of the bar the mark falls in. */
  barOpenTime: number;
  price: string;
  color: string;
}

/** Room above the highest and below the lowest price when marks are pinned: a label beyond its dot stays on the canvas. */
const MARK_ROOM = '12%';

/**
 * Which side of its dot each mark's label goes: the highest-priced mark's above, the others' below (on a tie the
 * first stays above). Two labels then never cross, on one candle or on neighbouring ones, whichever way the price
 * moved; placing them by their order instead put a rising close's label below its dot, onto the open's.
 */
export function markLabelSides(marks: readonly ChartMark[]): Array<'top' | 'bottom'> {
  const highest = marks.reduce((best, mark, i) => (compareExact(mark.price, marks[best]!.price) > 0 ? i : best), 0);
  return marks.map((_, i) => (i === highest ? 'top' : 'bottom'));
}

/** How many bars the chart opens on; the rest is a drag or pinch away. */
export const VISIBLE_BARS = 80;

/**
 * Bars drawn in the chart's first paint: the window it opens on and a margin to drag into. The rest of the
 * history is drawn once the browser is idle, so building and drawing it never lengthens the first task
 * (issue 24: the chart route's longest task under CPU 4× was the whole history's first render).
 */
export const FIRST_SCREEN_BARS = VISIBLE_BARS + 20;

/** The last `count` bars and their overlay values (the overlays were computed over the whole history). */
export function lastBars(bars: readonly Bar[], overlays: Overlays, count: number): { bars: readonly Bar[]; overlays: Overlays } {
  if (bars.length <= count) return { bars, overlays };
  const from = bars.length - count;
  return {
    bars: bars.slice(from),
    overlays: {
      ma: overlays.ma.map(({ period, values }) => ({ period, values: values.slice(from) })),
      boll: overlays.boll ? { upper: overlays.boll.upper.slice(from), middle: overlays.boll.middle.slice(from), lower: overlays.boll.lower.slice(from) } : null,
    },
  };
}

/** The zoom that keeps the window the chart opened on (its last VISIBLE_BARS) once the whole history is drawn. */
export function openingWindow(barCount: number): ChartOption {
  return { dataZoom: [{ startValue: Math.max(0, barCount - VISIBLE_BARS), endValue: barCount - 1 }] };
}
const AXIS_WIDTH = 72;

/** ECharts draws nothing for '-', which is what a bar without a full indicator window gets. */
const numeric = (values: Series) => values.map((value) => (value === null ? '-' : Number(value)));

/** The parts that do not change with the data: grids, axes, crosshair and zoom (set once, at mount). */
export function frameOption(colors: ChartColors, formatPrice: (value: number) => string, barCount: number): ChartOption {
  const axisLabel = { color: colors.muted, fontSize: 11 };
  const splitLine = { lineStyle: { color: colors.border, opacity: 0.6 } };
  return {
    animation: false,
    backgroundColor: 'transparent',
    grid: [
      { left: 4, right: AXIS_WIDTH, top: 8, bottom: '30%' },
      { left: 4, right: AXIS_WIDTH, top: '74%', bottom: 24 },
    ],
    xAxis: [
      { type: 'category', gridIndex: 0, axisLabel: { show: false }, axisTick: { show: false }, axisLine: { lineStyle: { color: colors.border } } },
      { type: 'category', gridIndex: 1, axisLabel, axisTick: { show: false }, axisLine: { lineStyle: { color: colors.border } } },
    ],
    yAxis: [
      {
        type: 'value',
        gridIndex: 0,
        scale: true,
        position: 'right',
        splitNumber: 4,
        splitLine,
        // the lowest price label sits above its line and the volume's top label below its own: the two axes share
        // one column and only a few pixels separate the grids, so centred labels overlapped
        axisLabel: { ...axisLabel, formatter: formatPrice, verticalAlign: 'bottom' },
      },
      {
        type: 'value',
        gridIndex: 1,
        position: 'right',
        splitNumber: 1,
        splitLine: { show: false },
        // the volume's scale only (its 0 says nothing and would crowd the time labels)
        axisLabel: { ...axisLabel, formatter: (value: number) => formatVolume(value), verticalAlign: 'top', showMinLabel: false },
      },
    ],
    // the crosshair only: the OHLC read-out above the chart is the page's own (translated, formatted) text
    tooltip: { trigger: 'axis', showContent: false, axisPointer: { type: 'cross' } },
    axisPointer: {
      link: [{ xAxisIndex: 'all' }],
      label: {
        backgroundColor: colors.text,
        color: colors.surface,
        formatter: (params) =>
          params.axisDimension === 'y' && typeof params.value === 'number' ? formatPrice(params.value) : String(params.value),
      },
    },
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1], start: barCount > VISIBLE_BARS ? 100 - (VISIBLE_BARS / barCount) * 100 : 0, end: 100 }],
  };
}

/** The data parts: bars, volume and the overlays that are on (set on every change; series are replaced). */
export function dataOption(bars: readonly Bar[], overlays: Overlays, interval: KlineInterval, colors: ChartColors, marks: readonly ChartMark[] = []): ChartOption {
  const times = bars.map((bar) => barTime(bar.openTime, interval));
  const sides = markLabelSides(marks);
  const line = (id: string, values: Series, color: string, dashed = false): LineSeriesOption => ({
    id,
    type: 'line',
    data: numeric(values),
    showSymbol: false,
    smooth: false,
    lineStyle: { width: 1, color, type: dashed ? 'dashed' : 'solid' },
    itemStyle: { color },
    xAxisIndex: 0,
    yAxisIndex: 0,
    silent: true,
  });
  const series: ChartOption['series'] = [
    {
      id: 'candles',
      type: 'candlestick',
      xAxisIndex: 0,
      yAxisIndex: 0,
      // ECharts' order: open, close, lowest, highest
      data: bars.map((bar) => [Number(bar.open), Number(bar.close), Number(bar.low), Number(bar.high)]),
      itemStyle: { color: colors.up, color0: colors.down, borderColor: colors.up, borderColor0: colors.down },
      ...(marks.length
        ? {
            markPoint: {
              // a dot on the price with its label over or under it (a pin's text does not fit "Eröffnung 64100.5"),
              // ending at the dot: it reaches back over the earlier candles, never past the last one into the price
              // axis; on a background so the candles under it do not blur the figures
              symbol: 'circle',
              symbolSize: 10,
              data: marks.map((mark, i) => ({
                name: mark.label,
                coord: [barTime(mark.barOpenTime, interval), Number(mark.price)],
                itemStyle: { color: mark.color, borderColor: colors.surface, borderWidth: 1 },
                label: {
                  show: true,
                  formatter: '{b}',
                  position: sides[i],
                  align: 'right',
                  color: mark.color,
                  fontSize: 11,
                  fontWeight: 'bold',
                  backgroundColor: colors.surface,
                  padding: [1, 3],
                  borderRadius: 2,
                },
              })),
            },
            markLine: {
              symbol: 'none',
              silent: true,
              // the dots name them: labels here would crowd the axis when open and close are close
              label: { show: false },
              data: marks.map((mark) => ({ name: mark.label, yAxis: Number(mark.price), lineStyle: { color: mark.color, type: 'dashed' as const } })),
            },
          }
        : {}),
    },
    {
      id: 'volume',
      type: 'bar',
      xAxisIndex: 1,
      yAxisIndex: 1,
      data: bars.map((bar) => ({
        value: Number(bar.volume),
        itemStyle: { color: Number(bar.close) >= Number(bar.open) ? colors.up : colors.down, opacity: 0.55 },
      })),
    },
    ...overlays.ma.map(({ period, values }) => line(`ma${period}`, values, OVERLAY_COLORS[`ma${period}` as keyof typeof OVERLAY_COLORS])),
    ...(overlays.boll
      ? [
          line('boll-upper', overlays.boll.upper, OVERLAY_COLORS.boll, true),
          line('boll-middle', overlays.boll.middle, OVERLAY_COLORS.boll),
          line('boll-lower', overlays.boll.lower, OVERLAY_COLORS.boll, true),
        ]
      : []),
  ];
  return { xAxis: [{ data: times }, { data: times }], yAxis: [{ boundaryGap: marks.length ? [MARK_ROOM, MARK_ROOM] : [0, 0] }], series };
}
