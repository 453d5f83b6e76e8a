import { tokenOffers, type OfferViewData, type SubscriptionViewData } from '@meridian/contracts';
import { combineQueries, useApiQuery, type QueryLike } from '@meridian/shared';

export type Offer = OfferViewData;
export type Subscription = SubscriptionViewData;
export interface Entry {
  offer: Offer;
  subscription: Subscription;
}

/** The index's tabs: the spec's four lists, then every subscription of the user with its draw evidence. */
export const TABS = ['upcoming', 'open', 'pending', 'winning', 'mine'] as const;
export type Tab = (typeof TABS)[number];

const REFRESH_MS = 15_000;
const live = { refetchInterval: REFRESH_MS } as const;

/** Offerings of a tab: the open offerings (cryptoIpo/…) and the code-gated allotments (cryptoAllotment/…) together. */
export function useOfferList(tab: 'upcoming' | 'open' | 'pending'): QueryLike<Offer[]> {
  const ipo = useApiQuery(tab === 'upcoming' ? tokenOffers.upcoming : tab === 'open' ? tokenOffers.open : tokenOffers.pending, undefined, live);
  const coded = useApiQuery(tab === 'pending' ? tokenOffers.allotmentPending : tokenOffers.allotmentList, undefined, live);
  const both = combineQueries(ipo, coded);
  return { ...both, data: both.data && [...both.data[0], ...both.data[1].filter((o) => o.phase === tab)] };
}

/** The user's winning subscriptions (both kinds), or every subscription. */
export function useEntries(tab: 'winning' | 'mine'): QueryLike<Entry[]> {
  const ipo = useApiQuery(tab === 'winning' ? tokenOffers.winning : tokenOffers.mine, undefined, live);
  const coded = useApiQuery(tokenOffers.allotmentWinning, undefined, { ...live, enabled: tab === 'winning' });
  if (tab === 'mine') return ipo;
  const both = combineQueries(ipo, coded);
  return { ...both, data: both.data && [...both.data[0], ...both.data[1]] };
}
