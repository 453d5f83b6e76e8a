import { useTranslation } from 'react-i18next';
import { SLOT_TEXTS_NAMESPACE, registerTexts, slotTextKey, useSlot, type NamespaceTexts, type SlotEntry } from '@meridian/shared';

/** The live remotes' slot texts in one language, one request (the server reads the files mf-config.json names). */
export async function fetchSlotTexts(lng: string, fetchImpl: typeof fetch = fetch): Promise<NamespaceTexts> {
  const response = await fetchImpl(`/slot-texts/${lng}.json`);
  if (!response.ok) throw new Error(`/slot-texts/${lng}.json answered ${response.status}`);
  return (await response.json()) as NamespaceTexts;
}

export function registerSlotTexts(): void {
  registerTexts(SLOT_TEXTS_NAMESPACE, fetchSlotTexts);
}

export interface SlotLink {
  id: string;
  href: string;
  title: string;
  hint?: string;
  activeOn: string[];
}

/**
 * A link slot's entries with their texts. The texts load after first paint (never suspending the page): until
 * they are in, there are no links, and a remote whose text is missing contributes no link rather than a key.
 */
export function useSlotLinks(name: 'home.entries' | 'nav.top'): SlotLink[] {
  const entries = useSlot(name);
  const { t, ready } = useTranslation(SLOT_TEXTS_NAMESPACE, { useSuspense: false });
  if (!ready) return [];
  const text = (entry: SlotEntry<typeof name>, key: string | undefined) => {
    const full = key ? slotTextKey(entry.remote, key) : undefined;
    return full && t(full, { defaultValue: '' }) ? t(full) : undefined;
  };
  return entries.flatMap((entry) => {
    const title = text(entry, entry.label);
    if (!title) return [];
    return [{ id: entry.id, href: entry.href, title, hint: text(entry, entry.hint), activeOn: entry.activeOn ?? [entry.href] }];
  });
}
