import type { Unsubscribe } from '@meridian/shared';
import type { Logger } from './timers';

/** One subscription: each call is its own entry, so the same function subscribed twice counts twice. */
export type Entry<T> = { listener: (value: T) => void };

/** Adds a listener to a set; `changed` runs after it is added and after it leaves (once, however often called). */
export function track<T>(set: Set<Entry<T>>, listener: (value: T) => void, changed: () => void): Unsubscribe {
  const entry: Entry<T> = { listener };
  set.add(entry);
  changed();
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    set.delete(entry);
    changed();
  };
}

/** Adds a listener under a key; `first`/`last` run when the key gains its first or loses its last listener. */
export function trackKeyed<K, T>(
  map: Map<K, Set<Entry<T>>>,
  key: K,
  listener: (value: T) => void,
  changed: () => void,
  edges?: { first: () => void; last: () => void },
): Unsubscribe {
  let set = map.get(key);
  const first = !set;
  if (!set) map.set(key, (set = new Set()));
  const entry: Entry<T> = { listener };
  set.add(entry);
  changed();
  if (first) edges?.first();
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    const current = map.get(key);
    if (!current?.delete(entry)) return;
    if (current.size === 0) {
      map.delete(key);
      edges?.last();
    }
    changed();
  };
}

/** Calls each listener with `value`; one that throws is logged and the others still hear it. */
export function deliver<T>(entries: Iterable<Entry<T>> | undefined, value: T, logger: Logger): void {
  if (!entries) return;
  for (const { listener } of [...entries]) {
    try {
      listener(value);
    } catch (error) {
      logger.error('[realtime] a listener failed', error);
    }
  }
}
