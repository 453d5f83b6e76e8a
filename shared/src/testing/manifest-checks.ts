import * as contracts from '@meridian/contracts';
import type { SlotContributions } from '../slots/manifest';

/** Every API path the contracts define (a contract is an object with a string `path`). */
function contractPaths(value: unknown, found = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!value || typeof value !== 'object' || seen.has(value)) return found;
  seen.add(value);
  const path = (value as { path?: unknown }).path;
  if (typeof path === 'string' && path.startsWith('/')) found.add(path);
  for (const child of Object.values(value)) contractPaths(child, found, seen);
  return found;
}

/**
 * A remote's push.invalidations paths that are no contract's API path (a typo would make a push refresh nothing),
 * and how many it names: a remote's manifest test expects `{ named: > 0, unknown: [] }`.
 */
export function pushInvalidationProblems(slots: SlotContributions): { named: number; unknown: string[] } {
  const known = contractPaths(contracts);
  const named = (slots['push.invalidations'] ?? []).flatMap((entry) => entry.queries);
  return { named: named.length, unknown: named.filter((path) => !known.has(path)) };
}
