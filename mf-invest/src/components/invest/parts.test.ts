import i18next from 'i18next';
import { percent } from './parts';

describe('percent', () => {
  afterEach(() => void i18next.changeLanguage('en'));

  it('is exact and in the user’s number format', async () => {
    await i18next.changeLanguage('en');
    expect(percent('0.005')).toBe('0.5 %');
    expect(percent('0.12345')).toBe('12.345 %');
    expect(percent('1')).toBe('100 %');
    await i18next.changeLanguage('ge');
    expect(percent('0.005')).toBe('0,5 %');
  });
});
