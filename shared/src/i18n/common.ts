// Type-only: the English file defines the keys, and is never bundled from here (texts load per language).
import type commonEn from '../../locales/en/common.json';

/** Keys of the shared texts (namespace "common", shared/locales/<lng>/common.json). */
export type CommonKey = keyof typeof commonEn;
