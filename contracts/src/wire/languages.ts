/**
 * The nine languages of the spec, under the spec's own codes, with the BCP 47 tag a page in that language carries
 * (`<html lang>`: it picks the right glyphs for CJK text). Vietnamese really is stored under "ru": the spec's
 * language list says so, and saved preferences of existing users carry that code. Both sides read this table:
 * the front ends (through shared) and the server, which writes the first frame of a page in the user's language.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English', htmlLang: 'en' },
  { code: 'hk', label: '繁體中文', htmlLang: 'zh-HK' },
  { code: 'zh', label: '简体中文', htmlLang: 'zh-CN' },
  { code: 'kr', label: '한국어', htmlLang: 'ko' },
  { code: 'jp', label: '日本語', htmlLang: 'ja' },
  { code: 'ge', label: 'Deutsch', htmlLang: 'de' },
  { code: 'fr', label: 'Français', htmlLang: 'fr' },
  { code: 'it', label: 'Italiano', htmlLang: 'it' },
  { code: 'ru', label: 'Tiếng Việt', htmlLang: 'vi' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
