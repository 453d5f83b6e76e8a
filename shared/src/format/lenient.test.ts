import { formatQuoteAmount, formatQuotePrice, formatRecordTime, formatSignedFee, formatSignedMoney, formatSignedPercent, formatUnits } from './index';

describe('the trading lists’ figures (lenient.ts): one rule each, and what a malformed value shows', () => {
  it('prices and amounts at the instrument’s decimals, a dash when malformed', () => {
    expect(formatQuotePrice('64000.5', 2)).toBe('64,000.50');
    expect(formatQuoteAmount('0.123456', 4)).toBe('0.1234');
    expect(formatQuotePrice('abc', 2)).toBe('—');
    expect(formatQuoteAmount(undefined, 2)).toBe('—');
  });

  it('signed money, fees and percentages always carry their sign; a malformed one is shown as sent', () => {
    expect(formatSignedMoney('1234.5')).toBe('+1,234.50');
    expect(formatSignedMoney('-3.1')).toBe('\u22123.10');
    expect(formatSignedFee('0.0123')).toBe('+0.0123');
    expect(formatSignedFee('-1.27539')).toBe('\u22121.2754');
    expect(formatSignedFee('0')).not.toMatch(/^[+\u2212]/);
    expect(formatSignedPercent('12.345')).toMatch(/^\+12\.3[45]%$/);
    expect(formatSignedMoney('n/a')).toBe('n/a');
  });

  it('units keep every digit, grouped; record times read in UTC to the millisecond', () => {
    expect(formatUnits('100000')).toBe('100,000');
    expect(formatUnits('1234.125')).toBe('1,234.125');
    expect(formatRecordTime('2026-03-01T08:00:00.123Z')).toBe('2026-03-01 08:00:00.123 UTC');
    expect(formatRecordTime('not a time')).toBe('not a time');
  });
});
