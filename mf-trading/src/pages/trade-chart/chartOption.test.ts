import { frameOption, type ChartColors } from './chartOption';

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
