import path from 'node:path';
import { readLocales } from '@meridian/shared/testing';
import type textsEn from '../locales/en/mf_invest.json';
import type { Key } from './i18n';

/** This remote's texts in all nine languages, read from locales/ (tests only; the app loads one language). */
export const translations = readLocales<typeof textsEn>(path.join(__dirname, '../locales'), 'mf_invest');

/** Keys whose text may equal the English one in another language (proper names, symbols). */
/** "Smart pool" stays as it is in some languages (a loanword). */
export const SAME_AS_ENGLISH_ALLOWED: readonly Key[] = ['slotNavSmartPool', 'slotEntrySmartPool',
  // "Miner" (German, Italian), "Reserve" (German) and "Cycle" (French) are the same word in those languages
  'minerLabel', 'reserveBalance', 'cycleLabel'];
