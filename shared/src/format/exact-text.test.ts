import { formatExact, formatPercent, formatPercentNumber, formatScreenTime, orZero, percentOf, decimalsOf } from './index';

describe('one meaning for a percentage', () => {
  it('percentOf turns a fraction into the percentage every percent formatter takes, exactly', () => {
    expect(percentOf('0.0031')).toBe('0.31');
    expect(formatPercent(percentOf('0.0031'), { rounding: 'up', language: 'en' })).toBe('0.31%');
    expect(formatPercent(percentOf('0.00311'), { rounding: 'up', language: 'en' })).toBe('0.32%');
    expect(formatPercentNumber(percentOf('0.0008'), { decimals: 'all', minDecimals: 0, language: 'ge' })).toBe('0,08');
  });
});

describe('exact figures', () => {
  it('formatExact shows every decimal the value has, grouped per language, never rounded', () => {
    expect(formatExact('1000.5', { language: 'en' })).toBe('1,000.5');
    expect(formatExact('1234567.123456', { language: 'ge' })).toBe('1.234.567,123456');
    expect(decimalsOf('1.25')).toBe(2);
    expect(decimalsOf('1.50')).toBe(1);
  });

  it('orZero reads a missing or malformed figure as 0', () => {
    expect(orZero(undefined)).toBe('0');
    expect(orZero('abc')).toBe('0');
    expect(orZero('12.50')).toBe('12.5');
  });

  it('spells values as decimal.js toFixed() does, without loading it (signs, exponents, zeros)', () => {
    expect([orZero('-0.000'), orZero('+1.20'), orZero('.5'), orZero('1.5e3'), orZero('-25e-4'), orZero(0.1), orZero('007')]).toEqual(['0', '1.2', '0.5', '1500', '-0.0025', '0.1', '7']);
    expect([percentOf('-0.5'), percentOf('1e-6'), percentOf('12'), percentOf('0')]).toEqual(['-50', '0.0001', '1200', '0']);
    expect([decimalsOf('3'), decimalsOf('1.5e-3'), decimalsOf('120.000')]).toEqual([0, 4, 0]);
  });
});

describe('times in a named zone', () => {
  const when = '2026-01-15T13:45:30Z';
  it('cuts to the day or the minute and says the clock when asked', () => {
    expect(formatScreenTime(when, 'utc', { zoneLabel: true })).toBe('2026-01-15 13:45:30 UTC');
    expect(formatScreenTime(when, 'utc', { upTo: 'minute', zoneLabel: true })).toBe('2026-01-15 13:45 UTC');
    expect(formatScreenTime(when, 'shanghai', { upTo: 'day' })).toBe('2026-01-15');
    expect(formatScreenTime(when, 'newYork', { upTo: 'minute' })).toBe('2026-01-15 08:45');
    expect(formatScreenTime(when, 'london')).toBe('2026-01-15 13:45:30');
  });
});
