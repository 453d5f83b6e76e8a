// The language table is a wire rule (the server writes a page's first frame in the user's language): contracts holds it.
import type { LanguageCode } from '@meridian/contracts';

export { LANGUAGES, LANGUAGE_CODES, DEFAULT_LANGUAGE, type LanguageCode } from '@meridian/contracts';

/** A translation table: one entry per language, each with the same keys. */
export type Translations<K extends string = string> = Record<LanguageCode, Record<K, string>>;
