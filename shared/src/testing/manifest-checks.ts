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
 * A remote's push.invalidations entries that name no contract: a path that is no contract's API path, or an action
 * the server never pushes (`action NAME`; contracts/src/wire/push.ts) unless the entry says `pushed: false` — a typo would make a push refresh nothing —
 * and how many paths it names: a remote's manifest test expects `{ named: > 0, unknown: [] }`.
 */
export function pushInvalidationProblems(slots: SlotContributions): { named: number; unknown: string[] } {
  const known = contractPaths(contracts);
  const entries = slots['push.invalidations'] ?? [];
  const named = entries.flatMap((entry) => entry.queries);
  const actions = entries.filter((entry) => entry.pushed !== false).map((entry) => entry.action).filter((action) => !contracts.isPushAction(action));
  return { named: named.length, unknown: [...actions.map((action) => `action ${action}`), ...named.filter((path) => !known.has(path))] };
}
