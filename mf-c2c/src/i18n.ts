import { createUseT, type TextLoader } from '@meridian/shared';
// Type-only: the English file defines the keys, and is never bundled from here (texts load per language).
import type textsEn from '../locales/en/mf_c2c.json';

/** Federation name of this remote; also its i18n namespace (locales/<lng>/mf_c2c.json). */
export const NS = 'mf_c2c';

export type Key = keyof typeof textsEn;

/** This remote's texts in one language: their own chunk, fetched when that language is in use. */
export const loadTexts: TextLoader = (lng) => import(/* webpackChunkName: "locale-[request]" */ `../locales/${lng}/mf_c2c.json`);

/** Typed translation for this remote (its namespace named explicitly: the same in the shell, standalone and tests). */
export const useT = createUseT<Key>(NS);
