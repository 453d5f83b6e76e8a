import { LANGUAGE_CODES, type Translations } from '../i18n/languages';

const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

/**
 * Everything wrong with a translation table, as readable lines (none means complete): a missing language,
 * missing or extra keys, empty texts, texts left in English (unless allowed), Russian in the Vietnamese ("ru")
 * table, and {{placeholders}} lost or added in translation.
 */
export function translationProblems(translations: Partial<Translations>, allowSameAsEnglish: readonly string[] = []): string[] {
  const problems: string[] = [];
  const english = translations.en;
  if (!english) return ['no English table'];
  const keys = Object.keys(english).sort();
  for (const code of LANGUAGE_CODES) {
    const texts = translations[code];
    if (!texts) {
      problems.push(`${code}: missing language`);
      continue;
    }
    for (const key of keys) {
      const text = texts[key];
      const englishText = english[key] ?? '';
      if (text === undefined) problems.push(`${code}.${key}: missing`);
      else if (text.trim() === '') problems.push(`${code}.${key}: empty`);
      else {
        if (code !== 'en' && text === englishText && !allowSameAsEnglish.includes(key)) problems.push(`${code}.${key}: not translated`);
        // the spec's "ru" code holds Vietnamese (languages.ts): Russian written there is the wrong language
        if (code === 'ru' && /[\u0400-\u04FF]/.test(text)) problems.push(`${code}.${key}: Cyrillic in the Vietnamese table`);
        if (placeholders(text).join() !== placeholders(englishText).join()) problems.push(`${code}.${key}: placeholders differ from English`);
      }
    }
    for (const key of Object.keys(texts)) if (!(key in english)) problems.push(`${code}.${key}: not in English`);
  }
  return problems;
}
