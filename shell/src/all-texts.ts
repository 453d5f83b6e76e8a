import path from 'node:path';
import { readLocales } from '@meridian/shared/testing';
import type shellEn from '../locales/en/shell.json';

/** The shell's texts in all nine languages, read from locales/ (tests only; the app loads one language). */
export const shellTranslations = readLocales<typeof shellEn>(path.join(__dirname, '../locales'), 'shell');
