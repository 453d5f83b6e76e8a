import type commonEn from '../../locales/en/common.json';
import type kitEn from '../../locales/en/kit.json';
import type sessionEn from '../../locales/en/session.json';
import { SHARED_LOCALES_DIR, readLocales } from './locales';

/** Shared's texts in all nine languages, for tests that compare what is shown with the text of a key. */
export const commonTexts = readLocales<typeof commonEn>(SHARED_LOCALES_DIR, 'common');
export const kitTexts = readLocales<typeof kitEn>(SHARED_LOCALES_DIR, 'kit');
export const sessionTexts = readLocales<typeof sessionEn>(SHARED_LOCALES_DIR, 'session');
