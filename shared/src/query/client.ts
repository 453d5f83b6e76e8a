import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * Defaults for a trading app: balances and records change under the user (deposits land, orders fill), so data
 * goes stale fast and is refetched when the window regains focus or the network comes back; a read that fails
 * is retried once (a second failure shows the screen's error state with its retry button), and a mutation is
 * never retried (a repeated transfer or withdrawal would move money twice).
 */
export const QUERY_DEFAULTS = {
  queries: {
    staleTime: 5_000,
    gcTime: 5 * 60_000,
    retry: 1,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/** A QueryClient with the platform's defaults: the shell's one per page, a standalone preview's, a test's. */
export function createPlatformQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS.queries, ...overrides.queries },
      mutations: { ...QUERY_DEFAULTS.mutations, ...overrides.mutations },
    },
  });
}

/**
 * The page's one QueryClient. `@meridian/shared` and `@tanstack/react-query` are federation singletons, so this
 * is the same object in the shell and in every remote (as platformStore is): a wallet loaded by one remote is
 * cached for all, and one invalidation refreshes every screen showing it. A remote's standalone preview is a page
 * of its own, so it gets its own.
 */
export const platformQueryClient = createPlatformQueryClient();
