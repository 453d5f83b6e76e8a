import { atom } from 'jotai';
import { platformStore, type PlatformStore } from '../../store';

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastItem {
  id: number;
  text: string;
  kind: ToastKind;
}

export interface ToastOptions {
  /** How long the toast stays; 3 s by default. */
  durationMs?: number;
}

export const TOAST_DURATION_MS = 3000;
/** At most this many toasts are visible; a new one pushes out the oldest. */
export const MAX_TOASTS = 3;

/** The visible toasts, oldest first. */
export const toastsAtom = atom<readonly ToastItem[]>([]);

let nextId = 1;
const timers = new WeakMap<PlatformStore, Map<number, ReturnType<typeof setTimeout>>>();

function timersOf(store: PlatformStore) {
  let map = timers.get(store);
  if (!map) timers.set(store, (map = new Map()));
  return map;
}

export function dismissToast(store: PlatformStore, id: number): void {
  const map = timersOf(store);
  clearTimeout(map.get(id));
  map.delete(id);
  store.set(toastsAtom, (items) => items.filter((item) => item.id !== id));
}

/**
 * Shows a toast in `store` and dismisses it after `durationMs`. The same text (and kind) already on screen is
 * replaced by a new toast (a new element that enters again, with a fresh time), never stacked: ten failing requests
 * give one message, and a repeated error visibly answers the second tap instead of looking ignored. Returns its id.
 */
export function showToast(store: PlatformStore, text: string, kind: ToastKind = 'info', options: ToastOptions = {}): number {
  const map = timersOf(store);
  const id = nextId++;
  const items = [...store.get(toastsAtom).filter((item) => !(item.text === text && item.kind === kind)), { id, text, kind }];
  const kept = new Set(items.map((item) => item.id));
  for (const previous of store.get(toastsAtom)) {
    if (kept.has(previous.id)) continue;
    clearTimeout(map.get(previous.id));
    map.delete(previous.id);
  }
  for (const dropped of items.splice(0, Math.max(0, items.length - MAX_TOASTS))) {
    clearTimeout(map.get(dropped.id));
    map.delete(dropped.id);
  }
  store.set(toastsAtom, items);
  map.set(
    id,
    setTimeout(() => dismissToast(store, id), options.durationMs ?? TOAST_DURATION_MS),
  );
  return id;
}

/** Toasts in the platform store, for any screen: `toast.show(t('saved'), 'success')`. */
export const toast = {
  show: (text: string, kind: ToastKind = 'info', options?: ToastOptions) => showToast(platformStore, text, kind, options),
  dismiss: (id: number) => dismissToast(platformStore, id),
};
