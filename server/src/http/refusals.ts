import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REFUSALS, type RefusalReason } from '@meridian/contracts';

export type RefusalParams = Record<string, string | number>;

/** The request's `lang` header (the shell's codes) → the locale folder of contracts/locales. */
const LOCALE_OF_HEADER: Record<string, string> = {
  en: 'en',
  'zh-hk': 'hk',
  hk: 'hk',
  zh: 'zh',
  ko: 'kr',
  kr: 'kr',
  ja: 'jp',
  jp: 'jp',
  ge: 'ge',
  de: 'ge',
  fr: 'fr',
  it: 'it',
  ru: 'ru',
  vi: 'ru',
};

export const REFUSAL_LOCALES = ['en', 'hk', 'zh', 'kr', 'jp', 'ge', 'fr', 'it', 'ru'] as const;

function loadTranslations(): Record<string, Partial<Record<RefusalReason, string>>> {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@meridian/contracts/package.json')), 'locales');
  const tables: Record<string, Partial<Record<RefusalReason, string>>> = { en: REFUSALS };
  for (const locale of REFUSAL_LOCALES) {
    if (locale === 'en') continue;
    const file = path.join(dir, locale, 'refusals.json');
    tables[locale] = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<RefusalReason, string>>) : {};
  }
  return tables;
}

const TABLES = loadTranslations();

/** The locale of a request's lang header; English when absent or unknown (API clients, operators). */
export function localeOf(langHeader: unknown): string {
  const code = typeof langHeader === 'string' ? langHeader.trim().toLowerCase() : '';
  return LOCALE_OF_HEADER[code] ?? 'en';
}

export function renderRefusal(reason: RefusalReason, locale: string, params: RefusalParams = {}): string {
  const template = TABLES[locale]?.[reason] ?? REFUSALS[reason];
  return template.replace(/\{\{(\w+)\}\}/g, (_: string, name: string) => String(params[name] ?? ''));
}
