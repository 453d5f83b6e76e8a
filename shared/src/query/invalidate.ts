import type { QueryClient } from '@tanstack/react-query';
import { pathKey } from './keys';
import { pathsForPush } from './push-invalidation';

/**
 * After a mutation: every query of these API paths (whatever its input) is stale, and the ones on screen refetch.
 * Resolves when those refetches are done.
 */
export async function invalidatePaths(client: QueryClient, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: pathKey(path) })));
}

/**
 * The key prefixes named invalidation groups make stale, each once. A group is a push.invalidations entry of a
 * remote's manifest (its `action` is the group's name): the live push of that action and a mutation naming it
 * (`useApiMutation(…, { invalidates: ['TRANSFER'] })`) make the same queries stale, declared once.
 */
export function pathsForGroups(groups: readonly string[]): readonly string[] {
  return [...new Set(groups.flatMap((group) => pathsForPush({ action: group })))];
}

/**
 * Invalidates named groups (see pathsForGroups); resolves when the screens showing them have refetched. A name no
 * live remote declares would refresh nothing, so it is said at once rather than found as a stale screen.
 */
export async function invalidateGroups(client: QueryClient, groups: readonly string[]): Promise<void> {
  const undeclared = groups.filter((group) => pathsForPush({ action: group }).length === 0);
  if (undeclared.length > 0) console.error(`invalidation groups no manifest declares: ${undeclared.join(', ')}`);
  await invalidatePaths(client, pathsForGroups(groups));
}
