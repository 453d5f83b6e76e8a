import { seconds } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryOf, useIsLoggedIn } from '@meridian/shared';
import { fetchContracts } from './serverClock';

/** Open contracts are few (each lasts minutes at most an hour): one page holds them. */
export const OPEN_PAGE = 50;
/** A contract this long past its expiry without the settlement push is read again (the push is the fast path). */
const SETTLE_GRACE_MS = 5_000;

/**
 * The user's open seconds contracts (one query, shared by the lists, the chart's entry lines and countdowns, and
 * the result sheet), with the server clock's offset; read again while one is past its expiry without a push.
 */
export function useOpenContracts() {
  const loggedIn = useIsLoggedIn();
  // the contract read's key; its fetcher also times the round trip, which the server clock's offset needs
  const { queryKey } = queryOf(seconds.getContractList, { status: 'open', page: 1, size: OPEN_PAGE });
  return useQuery({
    queryKey,
    queryFn: () => fetchContracts('open', 1, OPEN_PAGE),
    enabled: loggedIn,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const now = Date.now() + data.clockOffset;
      return data.list.some((c) => new Date(c.expiresAt).getTime() + SETTLE_GRACE_MS < now) ? SETTLE_GRACE_MS : false;
    },
  });
}
