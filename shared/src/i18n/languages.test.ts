import { LANGUAGE_CODES } from './languages';
import { commonTexts as common } from '../testing/shared-texts';
import { SHARED_LOCALES_DIR, localeLayoutProblems } from '../testing/locales';
import { i18n } from './instance';
import { translationProblems } from '../testing/translations';

describe('languages', () => {
  it('are the nine of the spec, with Vietnamese under "ru"', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'hk', 'zh', 'kr', 'jp', 'ge', 'fr', 'it', 'ru']);
  });

  it("have each of shared's namespace files (common, kit, session) in the nine language folders", () => {
    expect(localeLayoutProblems(SHARED_LOCALES_DIR)).toEqual([]);
  });

  it('have every common text in every language, translated', () => {
    expect(translationProblems(common)).toEqual([]);
  });

  it('switch without reload', async () => {
    await i18n.changeLanguage('ru');
    expect(i18n.t('common:retry')).toBe('Thử lại');
    await i18n.changeLanguage('en');
    expect(i18n.t('common:retry')).toBe('Retry');
  });
});
