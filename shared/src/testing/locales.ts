import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, type LanguageCode, type Translations } from '../i18n/languages';

/** shared/locales: the texts of shared's own namespaces (common, kit, session). */
export const SHARED_LOCALES_DIR = path.resolve(__dirname, '../../locales');

/**
 * One namespace's texts in all nine languages, read synchronously from `<localesDir>/<lng>/<namespace>.json`
 * (tests only: the app fetches one language at a time). A missing file reads as a missing language.
 */
export function readLocales<T extends Record<string, string> = Record<string, string>>(localesDir: string, namespace: string): Record<LanguageCode, T> {
  const table: Partial<Record<LanguageCode, T>> = {};
  for (const lng of LANGUAGE_CODES) {
    const file = path.join(localesDir, lng, `${namespace}.json`);
    if (fs.existsSync(file)) table[lng] = JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  }
  return table as Record<LanguageCode, T>;
}

/** The namespaces a locales folder holds (the file names of its English folder). */
export function localeNamespaces(localesDir: string): string[] {
  const english = path.join(localesDir, 'en');
  if (!fs.existsSync(english)) return [];
  return fs
    .readdirSync(english)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/** Every namespace of a locales folder, all languages: what tests put in the i18n store up front. */
export function readAllLocales(localesDir: string): Record<string, Translations> {
  return Object.fromEntries(localeNamespaces(localesDir).map((ns) => [ns, readLocales(localesDir, ns)]));
}

/**
 * Problems with the layout of a locales folder, as readable lines: a language folder missing or not one of
 * the nine, and a namespace file missing from a language or present in one only.
 */
export function localeLayoutProblems(localesDir: string): string[] {
  const problems: string[] = [];
  const namespaces = localeNamespaces(localesDir);
  if (namespaces.length === 0) return [`${localesDir}: no English texts`];
  const folders = fs.readdirSync(localesDir).filter((entry) => fs.statSync(path.join(localesDir, entry)).isDirectory());
  for (const folder of folders) if (!(LANGUAGE_CODES as string[]).includes(folder)) problems.push(`${folder}: not one of the nine languages`);
  for (const lng of LANGUAGE_CODES) {
    const dir = path.join(localesDir, lng);
    if (!fs.existsSync(dir)) {
      problems.push(`${lng}: missing language folder`);
      continue;
    }
    const files = fs.readdirSync(dir).filter((file) => file.endsWith('.json'));
    for (const ns of namespaces) if (!files.includes(`${ns}.json`)) problems.push(`${lng}/${ns}.json: missing`);
    for (const file of files) if (!namespaces.includes(file.slice(0, -'.json'.length))) problems.push(`${lng}/${file}: not in English`);
  }
  return problems;
}
