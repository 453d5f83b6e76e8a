import type { QueryClient } from '@tanstack/react-query';
import { pathKey } from './keys';
import { getSlot } from '../slots/registry';

/**
 * The user's live pushes (server: the positions stream, `{ action, mode, … }`) and the queries each one makes
 * stale: the push.invalidations slot, which each remote fills from its meridian.routes.json (so a product brings
 * its push actions without a change here). A push invalidates every query whose key starts with one of the paths
 * the remotes list for its action, so the screens showing them refetch at once (and the others when next shown).
 */
export interface UserPush {
  action: string;
  /** The account the change belongs to; a push without one concerns the user in either mode (a notification). */
  mode?: 'real' | 'demo';
  [field: string]: unknown;
}

/** Every action some live remote lists, each once. */
export function pushActions(): string[] {
  return [...new Set(getSlot('push.invalidations').map((entry) => entry.action))];
}

/** The key prefixes a push makes stale, each once (none for an action no remote lists). */
export function pathsForPush(push: Pick<UserPush, 'action'>): readonly string[] {
  const entries = getSlot('push.invalidations').filter((entry) => entry.action === push.action);
  return [...new Set(entries.flatMap((entry) => entry.queries))];
}

/**
 * Invalidates what `push` changed. The cache only ever holds the current mode's data (a mode switch resets it),
 * so a push for the other mode is ignored: demo and real never mix. Returns the paths invalidated.
 */
export function invalidateForPush(client: QueryClient, push: UserPush, currentMode: 'real' | 'demo'): readonly string[] {
  if (push.mode && push.mode !== currentMode) return [];
  const paths = pathsForPush(push);
  for (const path of paths) void client.invalidateQueries({ queryKey: pathKey(path) });
  return paths;
}
