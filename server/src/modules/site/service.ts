import type { Config } from '../../config.js';

/** The spec's language codes; "ru" is the Vietnamese entry (mirrors shared/src/i18n/languages.ts). */
export const LANGUAGE_CODES = ['en', 'hk', 'zh', 'kr', 'jp', 'ge', 'fr', 'it', 'ru'] as const;

export interface SiteSettings {
  mobileOnly: boolean;
  appVersion: string;
  languages: readonly string[];
  defaultLanguage: string;
  /** The customer service address; '' when none is configured. */
  customerServiceUrl: string;
  /** The company website; '' when none is configured. */
  companyWebsite: string;
}

export function siteSettings(config: Pick<Config, 'mobileOnly' | 'appVersion' | 'customerServiceUrl' | 'companyWebsite'>): SiteSettings {
  return {
    mobileOnly: config.mobileOnly,
    appVersion: config.appVersion,
    languages: LANGUAGE_CODES,
    defaultLanguage: 'en',
    customerServiceUrl: config.customerServiceUrl,
    companyWebsite: config.companyWebsite,
  };
}
