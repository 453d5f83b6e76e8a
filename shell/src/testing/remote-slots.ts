import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, SLOT_TEXTS_NAMESPACE, addTranslations, setSlotContributions, type SlotContributions, type Translations } from '@meridian/shared';

const ROOT = path.join(__dirname, '../../..');
const REMOTES = [
  ['mf-accounts', 'mf_accounts'],
  ['mf-trading', 'mf_trading'],
  ['mf-stocks', 'mf_stocks'],
  ['mf-invest', 'mf_invest'],
  ['mf-c2c', 'mf_c2c'],
] as const;

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * Tests only: the slots as a deploy of today's five remotes fills them (their meridian.routes.json and their
 * locale files, as assemble.mjs and /slot-texts serve them), so the shell's tests see the home tiles and nav.
 */
export function provideRemoteSlots(): void {
  const texts = Object.fromEntries(LANGUAGE_CODES.map((lng) => [lng, {}])) as unknown as Translations;
  for (const [dir, name] of REMOTES) {
    const { slots } = readJson(path.join(ROOT, dir, 'meridian.routes.json')) as { slots?: SlotContributions };
    setSlotContributions(name, slots);
    for (const lng of LANGUAGE_CODES) {
      (texts[lng] as unknown as Record<string, unknown>)[name] = readJson(path.join(ROOT, dir, 'locales', lng, `${name}.json`));
    }
  }
  addTranslations(SLOT_TEXTS_NAMESPACE, texts);
}
