// Type-only: the English file defines the keys, and is never bundled from here (texts load per language).
import type kitEn from '../../../locales/en/kit.json';
import type { ValidationKey } from '../../validation/messages';

/** The kit's namespace; validation messages live in it too (see validation/messages.ts). */
export const KIT_NAMESPACE = 'kit';

/** The kit's own keys (shared/locales/<lng>/kit.json also holds the validation messages). */
export type KitTextKey = Exclude<keyof typeof kitEn, ValidationKey>;
