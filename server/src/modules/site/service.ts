import type { Config } from '../../config.js';

export const APP_VERSION = '1.0.0';

/** The spec's language codes; "ru" is the Vietnamese entry (mirrors shared/src/i18n/languages.ts). */
export const LANGUAGE_CODES = ['en', 'hk', 'zh', 'kr', 'jp', 'ge', 'fr', 'it', 'ru'] as const;

export interface SiteSettings {
  mobileOnly: boolean;
  appVersion: string;
  languages: readonly string[];
  defaultLanguage: string;
}

export function siteSettings(config: Pick<Config, 'mobileOnly'>): SiteSettings {
  return { mobileOnly: config.mobileOnly, appVersion: APP_VERSION, languages: LANGUAGE_CODES, defaultLanguage: 'en' };
}
