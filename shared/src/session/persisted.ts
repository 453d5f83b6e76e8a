import { atomWithStorage, createJSONStorage } from 'jotai/utils';

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy settings): the app still works, nothing persists
  }
}

/**
 * A string storage that never throws: a full or disabled localStorage must not break a login or a
 * language switch, it only stops persisting.
 */
const safeLocalStorage = {
  getItem(key: string): string | null {
    try {
      return browserStorage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem(key: string, value: string): void {
    try {
      browserStorage()?.setItem(key, value);
    } catch {
      /* quota exceeded or storage disabled */
    }
  },
  removeItem(key: string): void {
    try {
      browserStorage()?.removeItem(key);
    } catch {
      /* storage disabled */
    }
  },
  /** Changes made by other tabs (the storage event); a clear() of the storage counts for every key. */
  subscribe(key: string, callback: (value: string | null) => void): () => void {
    if (typeof window === 'undefined') return () => {};
    const listener = (event: StorageEvent) => {
      if (event.key !== key && event.key !== null) return;
      if (event.storageArea && event.storageArea !== browserStorage()) return;
      callback(event.key === null ? safeLocalStorage.getItem(key) : event.newValue);
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
};

/**
 * A localStorage-backed atom holding JSON under `key`. The stored value is read when the module loads
 * (getOnInit), so code outside React (the request interceptor, the socket hub) sees it at once. A value
 * that is not JSON, or not of the expected shape (`isValid`), reads as `initialValue`, also when it
 * arrives from another tab.
 */
export function persistedAtom<T>(key: string, initialValue: T, isValid: (value: unknown) => value is T) {
  const json = createJSONStorage<T>(() => safeLocalStorage);
  const storage = {
    ...json,
    getItem: (k: string, init: T): T => {
      const value = json.getItem(k, init);
      return isValid(value) ? value : init;
    },
    subscribe: (k: string, callback: (value: T) => void, init: T) =>
      json.subscribe ? json.subscribe(k, (value) => callback(isValid(value) ? value : init), init) : () => {},
  };
  return atomWithStorage<T>(key, initialValue, storage, { getOnInit: true });
}

export const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
