import { translationProblems } from '@meridian/shared/testing';
import { SAME_AS_ENGLISH_ALLOWED, translations } from './i18n';

describe('mf_stocks translations', () => {
  it('are complete in all nine languages: same keys as English, none empty, none left in English, placeholders kept', () => {
    expect(translationProblems(translations, SAME_AS_ENGLISH_ALLOWED)).toEqual([]);
  });
});
