/**
 * The nine languages of the spec, under the spec's own codes. Vietnamese really is stored under "ru":
 * the spec's language list says so, and saved preferences of existing users carry that code.
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

/** A translation table: one entry per language, each with the same keys. */
export type Translations<K extends string = string> = Record<LanguageCode, Record<K, string>>;
