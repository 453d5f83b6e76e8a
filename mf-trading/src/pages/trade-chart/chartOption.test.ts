import { dataOption, FIRST_SCREEN_BARS, frameOption, lastBars, markLabelSides, openingWindow, VISIBLE_BARS, type ChartColors, type ChartOption } from './chartOption';

const colors: ChartColors = { up: 'green', down: 'red', text: '#000', muted: '#666', border: '#ccc', surface: '#fff' };

describe('the chart frame', () => {
  it('keeps the price and volume axis labels apart (they share the right-hand column)', () => {
    const option = frameOption(colors, (value) => value.toFixed(2), 100);
    const [price, volume] = option.yAxis as Array<{ axisLabel: { verticalAlign?: string; showMinLabel?: boolean } }>;
    // the lowest price label grows up from its line, the volume's top label down from its own
    expect(price!.axisLabel.verticalAlign).toBe('bottom');
    expect(volume!.axisLabel.verticalAlign).toBe('top');
    expect(volume!.axisLabel.showMinLabel).toBe(false);
  });
});

describe('marks pinned on the chart', () => {
  const mark = (label: string, price: string) => ({ label, barOpenTime: Date.UTC(2026, 0, 5, 12, 1), price, color: '#00f' });
  const bar = { openTime: Date.UTC(2026, 0, 5, 12, 1), open: '1', high: '2', low: '0.5', close: '1.5', volume: '1' };

  it('label the higher price above its dot and the lower below, compared exactly (a tie keeps the first above)', () => {
    expect(markLabelSides([mark('open', '64000'), mark('close', '64100.5')])).toEqual(['bottom', 'top']);
    expect(markLabelSides([mark('open', '64000'), mark('close', '63999.99')])).toEqual(['top', 'bottom']);
    expect(markLabelSides([mark('open', '64000'), mark('close', '64000.00')])).toEqual(['top', 'bottom']);
    // beyond a double's precision the order still holds
    expect(markLabelSides([mark('open', '9007199254740992'), mark('close', '9007199254740993')])).toEqual(['bottom', 'top']);
    expect(markLabelSides([])).toEqual([]);
  });

  it('leave room above and below the prices for the labels only when there are marks', () => {
    const gap = (option: ChartOption) => (option.yAxis as Array<{ boundaryGap: unknown }>)[0]!.boundaryGap;
    const overlays = { ma: [], boll: null };
    expect(gap(dataOption([bar], overlays, '1m', colors, [mark('open', '1'), mark('close', '1.5')]))).toEqual(['12%', '12%']);
    expect(gap(dataOption([bar], overlays, '1m', colors))).toEqual([0, 0]);
  });
});

describe('the first screen of candles', () => {
  const bars = Array.from({ length: 300 }, (_, i) => ({ openTime: i * 60_000, open: '1', high: '2', low: '0.5', close: String(i), volume: '1' }));
  const series = (length: number, at: (i: number) => string | null) => Array.from({ length }, (_, i) => at(i));

  it('keeps the last bars and the overlay values that belong to them', () => {
    const overlays = { ma: [{ period: 5, values: series(300, (i) => (i < 4 ? null : `ma${i}`)) }], boll: { upper: series(300, (i) => `u${i}`), middle: series(300, (i) => `m${i}`), lower: series(300, (i) => `l${i}`) } };
    const first = lastBars(bars, overlays, FIRST_SCREEN_BARS);
    expect(first.bars).toHaveLength(FIRST_SCREEN_BARS);
    expect(first.bars[0]!.close).toBe(String(300 - FIRST_SCREEN_BARS));
    expect(first.overlays.ma[0]!.values).toHaveLength(FIRST_SCREEN_BARS);
    expect(first.overlays.ma[0]!.values.at(-1)).toBe('ma299');
    expect(first.overlays.boll!.lower[0]).toBe(`l${300 - FIRST_SCREEN_BARS}`);
    // a short history is drawn whole at once
    expect(lastBars(bars.slice(0, 10), overlays, FIRST_SCREEN_BARS).bars).toHaveLength(10);
  });

  it('opens the whole history on the same last bars', () => {
    expect(openingWindow(300)).toEqual({ dataZoom: [{ startValue: 300 - VISIBLE_BARS, endValue: 299 }] });
  });
});
