import * as contracts from '@meridian/contracts';
import manifest from '../meridian.routes.json';

/** Every API path the contracts define (a contract is an object with a string `path`). */
function contractPaths(value: unknown, found = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!value || typeof value !== 'object' || seen.has(value)) return found;
  seen.add(value);
  const path = (value as { path?: unknown }).path;
  if (typeof path === 'string' && path.startsWith('/')) found.add(path);
  for (const child of Object.values(value)) contractPaths(child, found, seen);
  return found;
}

describe('meridian.routes.json push.invalidations', () => {
  it('names only API paths of the contracts, so a push makes real queries stale', () => {
    const known = contractPaths(contracts);
    const named = manifest.slots['push.invalidations'].flatMap((entry) => entry.queries);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((path) => !known.has(path))).toEqual([]);
  });
});
