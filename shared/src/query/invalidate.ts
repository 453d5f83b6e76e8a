import type { QueryClient } from '@tanstack/react-query';
import { pathKey } from './keys';

/**
 * After a mutation: every query of these API paths (whatever its input) is stale, and the ones on screen refetch.
 * Resolves when those refetches are done.
 */
export async function invalidatePaths(client: QueryClient, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: pathKey(path) })));
}
