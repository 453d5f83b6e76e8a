import { site, type DataOf } from '@meridian/contracts';

/** GET asset/api/site-setting/getSetting (contracts/src/site; server/src/modules/site/service.ts). */

/** The site's settings these screens read ('' for an address means none is configured); the stock rates are the stocks area's. */
export type SiteSettings = Omit<DataOf<typeof site.settings>, 'stockRates'>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The site settings as the screens read them (`useApiQuery(site.settings, undefined, { select: settingsOf })`). */
export function settingsOf(answer: SiteSettings | null | undefined): SiteSettings {
  // typed by the contract, still read defensively: a proxy or an older server may answer less
  const data = answer as Partial<SiteSettings> | null | undefined;
  if (!data || typeof data !== 'object') throw new Error('site-setting/getSetting answered no settings');
  return {
    mobileOnly: data.mobileOnly !== false,
    appVersion: text(data.appVersion),
    languages: Array.isArray(data.languages) ? data.languages.filter((code): code is string => typeof code === 'string') : [],
    defaultLanguage: text(data.defaultLanguage),
    customerServiceUrl: text(data.customerServiceUrl),
    companyWebsite: text(data.companyWebsite),
  };
}

/** True when `candidate` (major.minor.patch) is a later release than `current`; false when either is not a version. */
export function isNewerVersion(candidate: string, current: string): boolean {
  const parse = (v: string) => (/^\d+(\.\d+){0,2}$/.test(v) ? v.split('.').map(Number) : null);
  const a = parse(candidate);
  const b = parse(current);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}
