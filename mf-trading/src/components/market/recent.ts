/** Recent searches, newest first, kept in localStorage. */
export const RECENT_SEARCHES_KEY = 'meridian.recent-searches';
export const MAX_RECENT_SEARCHES = 10;

export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, MAX_RECENT_SEARCHES)
      : [];
  } catch {
    return [];
  }
}

function write(items: string[]): string[] {
  try {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(items));
  } catch {
    // storage full or unavailable: the list still works for this visit
  }
  return items;
}

/** Puts `term` first (once, case-insensitively) and keeps at most ten. */
export function rememberSearch(term: string, current: string[]): string[] {
  const clean = term.trim();
  if (!clean) return current;
  return write([clean, ...current.filter((item) => item.toLowerCase() !== clean.toLowerCase())].slice(0, MAX_RECENT_SEARCHES));
}

export function clearRecentSearches(): string[] {
  return write([]);
}
