import { useSyncExternalStore } from 'react';
import type { SlotContributions, SlotEntry, SlotName } from './manifest';

// One registry per page (shared is a federation singleton): the shell fills it from mf-config.json, and any
// consumer, the shell's or a remote's, reads a slot from it without knowing which remotes exist.
const byRemote = new Map<string, SlotContributions>();
const listeners = new Set<() => void>();
const cache = new Map<SlotName, readonly SlotEntry<SlotName>[]>();

/** Replaces everything a remote contributes (a remote absent from the config contributes nothing). */
export function setSlotContributions(remote: string, slots: SlotContributions | undefined): void {
  if (slots) byRemote.set(remote, slots);
  else byRemote.delete(remote);
  cache.clear();
  for (const listener of listeners) listener();
}

const orderOf = (entry: object) => ('order' in entry ? (entry.order as number) : 0);
const idOf = (entry: object) => ('id' in entry ? String(entry.id) : 'action' in entry ? String(entry.action) : '');

/** Every remote's contributions to one slot, in their declared order (ties by remote name, then id). */
export function getSlot<S extends SlotName>(name: S): readonly SlotEntry<S>[] {
  let entries = cache.get(name);
  if (!entries) {
    entries = [...byRemote].flatMap(([remote, slots]) => (slots[name] ?? []).map((entry) => ({ ...entry, remote })));
    entries = [...entries].sort((a, b) => orderOf(a) - orderOf(b) || a.remote.localeCompare(b.remote) || idOf(a).localeCompare(idOf(b)));
    cache.set(name, entries);
  }
  return entries as readonly SlotEntry<S>[];
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A slot's entries, re-rendering when a remote's contributions change. */
export function useSlot<S extends SlotName>(name: S): readonly SlotEntry<S>[] {
  return useSyncExternalStore(subscribe, () => getSlot(name), () => getSlot(name));
}
