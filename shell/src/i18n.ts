import type { TextLoader } from '@meridian/shared';
// Type-only: the English file defines the keys, and is never bundled from here (texts load per language).
import type shellEn from '../locales/en/shell.json';

/** Keys of the shell's texts (namespace "shell", shell/locales/<lng>/shell.json). */
export type ShellKey = keyof typeof shellEn;

/** The shell's texts in one language: their own chunk, fetched when that language is in use. */
export const loadShellTexts: TextLoader = (lng) => import(/* webpackChunkName: "locale-[request]" */ `../locales/${lng}/shell.json`);
