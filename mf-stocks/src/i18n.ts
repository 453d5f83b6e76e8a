import { useTranslation } from 'react-i18next';
import type { CommonKey, TextLoader } from '@meridian/shared';
// Type-only: the English file defines the keys, and is never bundled from here (texts load per language).
import type textsEn from '../locales/en/mf_stocks.json';

/** Federation name of this remote; also its i18n namespace (locales/<lng>/mf_stocks.json). */
export const NS = 'mf_stocks';

export type Key = keyof typeof textsEn;

/** This remote's texts in one language: their own chunk, fetched when that language is in use. */
export const loadTexts: TextLoader = (lng) => import(/* webpackChunkName: "locale-[request]" */ `../locales/${lng}/mf_stocks.json`);

/**
 * Typed translation for this remote. The namespace is named explicitly (not only taken from the provider's
 * defaultNS), so a screen renders the same inside the shell, in the standalone preview and in tests.
 */
export function useT() {
  const { t } = useTranslation(NS);
  return {
    t: (key: Key, values?: Record<string, string>): string => t(key, values ?? {}),
    tc: (key: CommonKey, values?: Record<string, string>): string => t(`common:${key}`, values ?? {}),
  };
}
