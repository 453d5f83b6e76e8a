import path from 'node:path';
import { readLocales } from '@meridian/shared/testing';
import type textsEn from '../locales/en/mf_c2c.json';
import type { Key } from './i18n';

/** This remote's texts in all nine languages, read from locales/ (tests only; the app loads one language). */
export const translations = readLocales<typeof textsEn>(path.join(__dirname, '../locales'), 'mf_c2c');

/** Keys whose text may equal the English one in another language (proper names, symbols). */
/** "C2C" is the product's name in every language. */
export const SAME_AS_ENGLISH_ALLOWED: readonly Key[] = ['slotNavC2c', 'slotEntryC2c'];
