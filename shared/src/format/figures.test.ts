import i18next from 'i18next';
import Decimal from 'decimal.js';
import { formatBalance, formatFee, formatMoney, formatPercent, formatPercentNumber, formatPrice, formatQuantity, formatRate, formatSigned, numberLocale } from './figures';

const NNBSP = '\u202f'; // French groups with a narrow no-break space
const MINUS = '\u2212';

describe('displayed figures: one rule per figure type', () => {
  it('shows a price at the instrument decimals, half up, grouped', () => {
    expect(formatPrice('65678', 2, { language: 'en' })).toBe('65,678.00');
    expect(formatPrice('65432.105', 2, { language: 'en' })).toBe('65,432.11');
    expect(formatPrice('1.0852449', 5, { language: 'en' })).toBe('1.08524');
    expect(formatPrice('0.123456789', 4, { language: 'en' })).toBe('0.1235');
    // decimals not known: the spec's magnitude rule
    expect(formatPrice('1234.5', null, { language: 'en' })).toBe('1,234.50');
    expect(formatPrice('0.5', undefined, { language: 'en' })).toBe('0.50000000');
  });

  it('shows a quantity at the amount decimals, rounded down, grouped', () => {
    expect(formatQuantity('0.123459', 5, { language: 'en' })).toBe('0.12345');
    expect(formatQuantity('12345.9', 0, { language: 'en' })).toBe('12,345');
    expect(formatQuantity('2', 3, { language: 'en' })).toBe('2.000');
  });

  it('shows USDT money in cents, half up (or up for a cost), grouped', () => {
    expect(formatMoney('635.8057578', { language: 'en' })).toBe('635.81');
    expect(formatMoney('127.54208', { language: 'en' })).toBe('127.54');
    expect(formatMoney('3000', { language: 'en' })).toBe('3,000.00');
    expect(formatMoney('1234567.125', { language: 'en' })).toBe('1,234,567.13');
    expect(formatMoney('-0.5695024', { language: 'en' })).toBe('-0.57');
    expect(formatMoney('0.001', { language: 'en', rounding: 'up' })).toBe('0.01');
    expect(formatMoney('-0.001', { language: 'en' })).toBe('0.00');
  });

  it('shows a balance at its asset balance decimals, rounded down', () => {
    expect(formatBalance('2999.999', 'USDT', { language: 'en' })).toBe('2,999.99');
    expect(formatBalance('1.234567', 'BTC', { language: 'en' })).toBe('1.23456');
    expect(formatBalance('12000.9', 'XRP', { language: 'en' })).toBe('12,000');
  });

  it('shows a fee or funding at up to 4 decimals, never a silent zero', () => {
    expect(formatFee('1.275421', { language: 'en' })).toBe('1.2754');
    expect(formatFee('0.5', { language: 'en' })).toBe('0.50');
    expect(formatFee('1234.56785', { language: 'en' })).toBe('1,234.5679');
    expect(formatFee('0.00006', { language: 'en' })).toBe('0.0001');
    expect(formatFee('0.00004', { language: 'en' })).toBe('< 0.0001');
    expect(formatFee('0.000000001', { language: 'en' })).toBe('< 0.0001');
    expect(formatFee('-0.00001', { language: 'en' })).toBe(`> ${MINUS}0.0001`);
    expect(formatFee('-0.0123', { language: 'en' })).toBe('-0.0123');
    expect(formatFee('0', { language: 'en' })).toBe('0.00');
    expect(formatFee('0.00001', { language: 'ge' })).toBe('< 0,0001');
    // a fee in a coin: its amount decimals (at least 4), the same floor rule
    expect(formatFee('0.00005', { language: 'en', asset: 'BTC' })).toBe('0.00005');
    expect(formatFee('0.000001', { language: 'en', asset: 'BTC' })).toBe('< 0.00001');
    expect(formatFee('1.23456', { language: 'en', asset: 'DOGE' })).toBe('1.2346');
    expect(formatFee('0.275421', { language: 'en', asset: 'USDT' })).toBe('0.2754');
  });

  it('shows rates and pip values at 6 significant digits', () => {
    expect(formatRate('1.085243219876', { language: 'en' })).toBe('1.08524');
    expect(formatRate('151.2345678', { language: 'en' })).toBe('151.235');
    expect(formatRate('10.000000000000', { language: 'en' })).toBe('10.0000');
    expect(formatRate('0.0000155', { language: 'en' })).toBe('0.0000155000');
    expect(formatRate('65678.123', { language: 'en' })).toBe('65,678.1');
    expect(formatRate('0', { language: 'en' })).toBe('0');
  });

  it('writes the sign of a change, with a true minus, and none for zero', () => {
    expect(formatSigned('12.5', 2, { language: 'en' })).toBe('+12.50');
    expect(formatSigned('-0.5695024', 2, { language: 'en' })).toBe(`${MINUS}0.57`);
    expect(formatSigned('-1234.5', 2, { language: 'en' })).toBe(`${MINUS}1,234.50`);
    expect(formatSigned('0', 2, { language: 'en' })).toBe('0.00');
    expect(formatSigned('-0.001', 2, { language: 'en' })).toBe('0.00');
    expect(formatSigned('-3.1', 2, { language: 'ge' })).toBe(`${MINUS}3,10`);
  });

  it('shows percentages with 2 decimals, signed when asked', () => {
    expect(formatPercent('12.345', { language: 'en' })).toBe('12.35%');
    expect(formatPercent('-0.5', { language: 'en' })).toBe(`${MINUS}0.50%`);
    expect(formatPercent('1.234', { language: 'en', signed: true })).toBe('+1.23%');
    expect(formatPercent('-1.234', { language: 'en', signed: true })).toBe(`${MINUS}1.23%`);
    expect(formatPercent('0.301', { language: 'en', rounding: 'up' })).toBe('0.31%');
  });

  it('shows a percentage’s number for a text that places "%" itself, with the language’s separators', () => {
    expect(formatPercentNumber('55.556', { language: 'en', minDecimals: 0 })).toBe('55.56');
    expect(formatPercentNumber('55.556', { language: 'ge', minDecimals: 0 })).toBe('55,56');
    expect(formatPercentNumber('55.556', { language: 'fr', minDecimals: 0 })).toBe('55,56');
    expect(formatPercentNumber('80', { language: 'ge', minDecimals: 0 })).toBe('80');
    expect(formatPercentNumber('55.5', { language: 'en', minDecimals: 0 })).toBe('55.5');
    expect(formatPercentNumber('0.0156', { language: 'ge', decimals: 3 })).toBe('0,016');
    expect(formatPercentNumber('0.01', { language: 'en', decimals: 3 })).toBe('0.010');
    expect(formatPercentNumber('1234.5', { language: 'fr', decimals: 3 })).toBe(`1${NNBSP}234,500`);
  });

  it('groups thousands the way each language does', () => {
    expect(['en', 'ge', 'jp', 'fr', 'ru', 'hk'].map((language) => formatMoney('3000', { language }))).toEqual([
      '3,000.00',
      '3.000,00',
      '3,000.00',
      `3${NNBSP}000,00`,
      '3.000,00',
      '3,000.00',
    ]);
    expect(formatPrice('1234567.891', 2, { language: 'ge' })).toBe('1.234.567,89');
    expect(formatQuantity('12345.678', 3, { language: 'fr' })).toBe(`12${NNBSP}345,678`);
    expect(formatRate('1234.5678', { language: 'jp' })).toBe('1,234.57');
    expect(formatSigned('-1234.5', 2, { language: 'ru' })).toBe(`${MINUS}1.234,50`);
  });

  it('maps the spec language codes to their Intl locales', () => {
    expect(['en', 'hk', 'zh', 'kr', 'jp', 'ge', 'fr', 'it', 'ru', 'xx'].map((code) => numberLocale(code))).toEqual([
      'en', 'zh-HK', 'zh-CN', 'ko', 'ja', 'de', 'fr', 'it', 'vi', 'en',
    ]);
  });

  it('follows the current i18n language when none is given', async () => {
    const before = i18next.language;
    try {
      await i18next.changeLanguage('ge');
      expect(formatMoney('3000')).toBe('3.000,00');
      await i18next.changeLanguage('en');
      expect(formatMoney('3000')).toBe('3,000.00');
    } finally {
      await i18next.changeLanguage(before);
    }
  });

  it('stays exact for long decimals, numbers and Decimals', () => {
    expect(formatMoney('99999999999999999.995', { language: 'en' })).toBe('100,000,000,000,000,000.00');
    expect(formatPrice(new Decimal('0.30000000000000004441'), 2, { language: 'en' })).toBe('0.30');
    expect(formatMoney(0.1 + 0.2, { language: 'en' })).toBe('0.30');
    expect(() => formatMoney('NaN')).toThrow(RangeError);
  });
});
