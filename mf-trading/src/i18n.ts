import { useTranslation } from 'react-i18next';
import { createUseT, type TextLoader } from '@meridian/shared';
// Type-only: the English file defines the keys, and is never bundled from here (texts load per language).
import type textsEn from '../locales/en/mf_trading.json';
import type widgetTextsEn from '../locales/en/mf_trading_widget.json';

/** Federation name of this remote; also its i18n namespace (locales/<lng>/mf_trading.json). */
export const NS = 'mf_trading';

export type Key = keyof typeof textsEn;

/** This remote's texts in one language: their own chunk, fetched when that language is in use. */
export const loadTexts: TextLoader = (lng) => import(/* webpackChunkName: "locale-[request]" */ `../locales/${lng}/mf_trading.json`);

/** Typed translation for this remote (its namespace named explicitly: the same in the shell, standalone and tests). */
export const useT = createUseT<Key>(NS);

/**
 * The market widget's own namespace (locales/<lng>/mf_trading_widget.json): the shell's home shows the widget on
 * every first visit, and its five texts are a few hundred bytes where this remote's whole namespace is 13 KB.
 */
export const WIDGET_NS = 'mf_trading_widget';

export type WidgetKey = keyof typeof widgetTextsEn;

export const loadWidgetTexts: TextLoader = (lng) => import(/* webpackChunkName: "locale-[request]" */ `../locales/${lng}/mf_trading_widget.json`);

/** Typed translation of the widget's texts; it never loads the remote's full namespace. */
export function useWidgetT() {
  const { t } = useTranslation(WIDGET_NS);
  return { t: (key: WidgetKey, values?: Record<string, string>): string => t(key, values ?? {}) };
}
