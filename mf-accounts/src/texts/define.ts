import type { LanguageCode } from '@meridian/shared';

/** One feature's texts: English defines the keys, every other language must give each of them. */
export type FeatureTexts<T extends Record<string, string>> = { en: T } & Record<Exclude<LanguageCode, 'en'>, Record<keyof T, string>>;

export function defineTexts<T extends Record<string, string>>(texts: FeatureTexts<T>): FeatureTexts<T> {
  return texts;
}
