import { LANGUAGE_CODES } from './languages';
import { common } from './common';
import { i18n } from './instance';

describe('languages', () => {
  it('are the nine of the spec, with Vietnamese under "ru"', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'hk', 'zh', 'kr', 'jp', 'ge', 'fr', 'it', 'ru']);
  });

  it('have every common text in every language, translated', () => {
    const keys = Object.keys(common.en).sort();
    for (const code of LANGUAGE_CODES) {
      expect(Object.keys(common[code]).sort()).toEqual(keys);
      if (code === 'en') continue;
      for (const key of keys) expect(common[code][key as keyof typeof common.en]).not.toEqual(common.en[key as keyof typeof common.en]);
    }
  });

  it('switch without reload', async () => {
    await i18n.changeLanguage('ru');
    expect(i18n.t('common:retry')).toBe('Thử lại');
    await i18n.changeLanguage('en');
    expect(i18n.t('common:retry')).toBe('Retry');
  });
});
