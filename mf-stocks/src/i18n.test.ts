import { LANGUAGE_CODES } from '@meridian/shared';
import { SAME_AS_ENGLISH_ALLOWED, translations } from './i18n';

const english = translations.en;
const keys = Object.keys(english).sort();

describe('mf_stocks translations', () => {
  it('has a table for each of the nine languages', () => {
    expect(Object.keys(translations).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('%s has exactly the English keys, each translated', (code) => {
    const texts = translations[code];
    expect(Object.keys(texts).sort()).toEqual(keys);
    const untranslated = keys.filter(
      (key) => texts[key as keyof typeof english] === english[key as keyof typeof english] && !SAME_AS_ENGLISH_ALLOWED.includes(key as never),
    );
    expect(untranslated).toEqual([]);
    for (const key of keys) expect(texts[key as keyof typeof english].trim()).not.toBe('');
  });

  it('keeps the {{area}} placeholder wherever English has it', () => {
    for (const code of LANGUAGE_CODES) expect(translations[code].backTo).toContain('{{area}}');
  });
});
