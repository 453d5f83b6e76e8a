import { amountDecimals, baseCoin, formatAmount, formatByMagnitude, formatPrice, magnitudeDecimals, priceDecimals, shortNumber } from './precision';
import { formatScreenTime } from './time';

describe('precision by magnitude', () => {
  it.each([
    ['100', 2],
    ['99.99', 4],
    ['10', 4],
    ['9.999', 6],
    ['1', 6],
    ['0.99', 8],
    ['-250', 2],
    ['-0.5', 8],
  ])('%s shows %i decimals', (value, decimals) => {
    expect(magnitudeDecimals(value)).toBe(decimals);
  });

  it('rounds exactly, without binary floats', () => {
    expect(formatByMagnitude('0.1')).toBe('0.10000000');
    expect(formatByMagnitude('12345.675')).toBe('12345.68');
    expect(formatByMagnitude('1.0000005')).toBe('1.000001');
  });
});

describe('per-coin decimals', () => {
  it('follows the spec tables and defaults', () => {
    expect([priceDecimals('BTCUSDT'), amountDecimals('BTCUSDT')]).toEqual([2, 5]);
    expect([priceDecimals('doge/usdt'), amountDecimals('DOGE-USDT')]).toEqual([5, 0]);
    expect([priceDecimals('XRP'), amountDecimals('XRP_USDT')]).toEqual([4, 0]);
    expect([priceDecimals('BCHUSDT'), amountDecimals('BCHUSDT')]).toEqual([1, 3]);
    expect([priceDecimals('PEPEUSDT'), amountDecimals('PEPEUSDT')]).toEqual([10, 5]);
  });

  it('finds the base coin in every spelling', () => {
    expect(['BTCUSDT', 'btc/usdt', 'BTC-USDT', 'BTC_USDT', 'BTC'].map(baseCoin)).toEqual(['BTC', 'BTC', 'BTC', 'BTC', 'BTC']);
    expect(baseCoin('USDT')).toBe('USDT');
  });

  it('rounds prices half up and amounts down', () => {
    expect(formatPrice('65432.105', 'BTCUSDT')).toBe('65432.11');
    expect(formatAmount('0.123459', 'BTCUSDT')).toBe('0.12345');
    expect(formatAmount('99.9', 'DOGEUSDT')).toBe('99');
  });
});

describe('short numbers', () => {
  it.each([
    ['999', '999'],
    ['1000', '1k'],
    ['1234', '1.23k'],
    ['1500000', '1.5M'],
    ['2500000000', '2.5B'],
    ['-4560', '-4.56k'],
    ['12.345', '12.34'],
  ])('%s → %s', (value, short) => {
    expect(shortNumber(value)).toBe(short);
  });
});

describe('screen time zones', () => {
  it('shows the same instant on each screen clock, across daylight saving', () => {
    const summer = '2026-07-01T12:00:00Z';
    expect(formatScreenTime(summer, 'newYork')).toBe('2026-07-01 08:00:00');
    expect(formatScreenTime(summer, 'london')).toBe('2026-07-01 13:00:00');
    expect(formatScreenTime(summer, 'shanghai')).toBe('2026-07-01 20:00:00');
    expect(formatScreenTime(summer, 'utc')).toBe('2026-07-01 12:00:00');
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(formatScreenTime(winter, 'newYork')).toBe('2026-01-15 07:00:00');
    expect(formatScreenTime(winter.getTime(), 'london')).toBe('2026-01-15 12:00:00');
  });
});
