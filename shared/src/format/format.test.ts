import { compareExact, multiplyExact } from './exact';
import { amountDecimals, balanceDecimals, baseCoin, formatBalanceOf, formatAmount, formatByMagnitude, formatInstrumentPrice, instrumentPriceDecimals, magnitudeDecimals, priceDecimals, shortNumber } from './precision';
import { formatLocalTime, formatScreenTime } from './time';
import { formatPrice } from './figures';

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
    expect(formatPrice('65432.105', priceDecimals('BTCUSDT'), { language: 'en' })).toBe('65,432.11');
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

describe('instrument display decimals (by tick size)', () => {
  it.each([
    [{ symbol: 'EURUSD', category: 'FOREX', unit: 'USD', priceDecimals: 10 }, 5],
    [{ symbol: 'USDJPY', category: 'FOREX', unit: 'JPY', priceDecimals: 10 }, 3],
    [{ symbol: 'GBPJPY', category: 'FOREX' }, 3],
    [{ symbol: 'AAPL:NASDAQ', category: 'STOCK', unit: 'USD', priceDecimals: 10 }, 2],
    [{ symbol: '7203:TSE', category: 'STOCK', unit: 'JPY', priceDecimals: 10 }, 2],
    [{ symbol: 'SPX500', category: 'INDIES', unit: 'USD', priceDecimals: 10 }, 2],
    [{ symbol: 'XAUUSD', category: 'CFD', unit: 'USD', priceDecimals: 10 }, 2],
    [{ symbol: 'DOGEUSDT', category: 'CRYPTO', unit: 'USDT', priceDecimals: 10 }, 5],
    [{ symbol: 'BTCUSDT', category: 'CRYPTO', unit: 'USDT' }, 2],
    [{ symbol: 'PEPEUSDT', category: 'CRYPTO', unit: 'USDT', priceDecimals: 8 }, 8],
    [{ symbol: 'PEPEUSDT', category: 'CRYPTO', unit: 'USDT' }, 10],
  ])('%o shows %i decimals', (instrument, decimals) => {
    expect(instrumentPriceDecimals(instrument)).toBe(decimals);
  });

  it('formats the server quote of a stock, a forex pair and a JPY pair without the 10 raw decimals', () => {
    expect(formatInstrumentPrice('189.5000000000', { symbol: 'AAPL:NASDAQ', category: 'STOCK', priceDecimals: 10 })).toBe('189.50');
    expect(formatInstrumentPrice('1.0850012345', { symbol: 'EURUSD', category: 'FOREX', unit: 'USD' })).toBe('1.08500');
    expect(formatInstrumentPrice('151.5004999999', { symbol: 'USDJPY', category: 'FOREX', unit: 'JPY' })).toBe('151.500');
  });

  it('falls back to the magnitude rule when the instrument is unknown', () => {
    expect(instrumentPriceDecimals({ symbol: 'X' })).toBeNull();
    expect(formatInstrumentPrice('12.3456789', { symbol: 'X' })).toBe('12.3457');
    expect(formatInstrumentPrice('0.5', null)).toBe('0.50000000');
  });
});

describe('balances: one rule per asset', () => {
  it('shows USDT (and the other quote units) in cents and a coin with its amount decimals', () => {
    expect(balanceDecimals('USDT')).toBe(2);
    expect(balanceDecimals('usdt')).toBe(2);
    expect(balanceDecimals('BTC')).toBe(5);
    expect(balanceDecimals('XRP')).toBe(0);
    expect(balanceDecimals('PEPE')).toBe(5);
  });

  it('rounds down, so a balance never shows more than there is', () => {
    expect(formatBalanceOf('10.999', 'USDT')).toBe('10.99');
    expect(formatBalanceOf('0', 'USDT')).toBe('0.00');
    expect(formatBalanceOf('1.234567', 'BTC')).toBe('1.23456');
    expect(formatBalanceOf('12.9', 'XRP')).toBe('12');
  });
});

describe('exact formatting without decimal.js (Intl.NumberFormat on decimal strings)', () => {
  it('keeps every digit a binary float would lose', () => {
    expect(formatPrice('123456789012345678.125', 2, { language: 'en' })).toBe('123,456,789,012,345,678.13');
    expect(formatBalanceOf('99999999999999999.999999', 'USDT')).toBe('99999999999999999.99');
    expect(formatAmount('0.30000000000000004441', 'SOLUSDT')).toBe('0.30');
  });

  it('rounds half away from zero for prices and toward zero for balances, negatives too', () => {
    expect(formatPrice('-65432.105', 2, { language: 'en' })).toBe('-65,432.11');
    expect(formatBalanceOf('-1.999', 'USDT')).toBe('-1.99');
    expect(formatBalanceOf('-0.001', 'USDT')).toBe('0.00');
  });

  it('takes numbers, exponent texts and Decimals, and refuses what is not a decimal', () => {
    expect(formatByMagnitude(0.1)).toBe('0.10000000');
    expect(formatByMagnitude('1e-7')).toBe('0.00000010');
    expect(magnitudeDecimals('1.5e2')).toBe(2);
    expect(shortNumber('1.5e9')).toBe('1.5B');
    expect(shortNumber('999999.999')).toBe('999.99k');
    expect(() => formatPrice('abc', 2)).toThrow(RangeError);
    expect(() => formatPrice('0x10', 2)).toThrow(RangeError);
  });
});

describe('exact comparison and product (BigInt)', () => {
  it('compares beyond a float’s precision, across scales, signs and exponents', () => {
    expect(compareExact('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareExact('0.1', '0.10')).toBe(0);
    expect(compareExact('-0.5', '0')).toBe(-1);
    expect(compareExact('1e3', '999.999999999999999999')).toBe(1);
    expect(compareExact('-0', '0')).toBe(0);
    expect(() => compareExact('NaN', '0')).toThrow(RangeError);
  });

  it('multiplies exactly', () => {
    expect(formatByMagnitude(multiplyExact('0.1', '0.2'))).toBe('0.02000000');
    expect(compareExact(multiplyExact('64282.59', '12345.678'), '793612157.14602')).toBe(0);
    expect(compareExact(multiplyExact('-1.5', '2'), '-3')).toBe(0);
  });
});

describe('formatLocalTime', () => {
  // Sunday 2026-11-29 17:00 New York (EST, UTC−5) = 22:00 UTC
  const at = Date.UTC(2026, 10, 29, 22, 0);

  it('shows a moment in the user’s zone or a screen clock (DST-aware), with the weekday and the zone', () => {
    expect(formatLocalTime(at, { zone: 'newYork', language: 'en' })).toMatch(/Sun.*11\/29\/2026.*05:00.PM EST/);
    expect(formatLocalTime(at, { timeZone: 'Asia/Tokyo', language: 'en' })).toMatch(/Mon.*11\/30\/2026.*07:00.AM GMT\+9/);
  });

  it('in the user’s language, by the app’s codes (ge is German, jp Japanese)', () => {
    expect(formatLocalTime(at, { zone: 'newYork', language: 'ge' })).toMatch(/So\..*29\.11\.2026.*17:00/);
    expect(formatLocalTime(at, { zone: 'newYork', language: 'jp' })).toMatch(/2026\/11\/29.*17:00/);
  });
});
