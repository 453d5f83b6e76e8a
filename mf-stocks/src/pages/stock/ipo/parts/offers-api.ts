import { stockOffers, wallet, type DataOf } from '@meridian/contracts';
import { useApiQuery } from '@meridian/shared';

/** The IPO and block-trade reads of these screens, and what a subscription makes stale. */
export type Ipo = DataOf<typeof stockOffers.ipoList>[number];
export type IpoSubscription = DataOf<typeof stockOffers.ipoMine>['list'][number];
export type BlockOffer = DataOf<typeof stockOffers.blockOffers>[number];
export type BlockSubscription = DataOf<typeof stockOffers.blockMine>['list'][number];

export const useIpos = () => useApiQuery(stockOffers.ipoList);
export const useMyIpos = (enabled = true) => useApiQuery(stockOffers.ipoMine, { page: 1, size: 50 }, { enabled });
export const useBlockOffers = () => useApiQuery(stockOffers.blockOffers);
export const useMyBlocks = (enabled = true) => useApiQuery(stockOffers.blockMine, { page: 1, size: 50 }, { enabled });
/** The spot wallet's available USDT: what a subscription's cost is held from. */
export const useSpotUsdt = (enabled = true) => useApiQuery(wallet.validAsset, { accountType: 'spot', asset: 'USDT' }, { enabled, select: (d) => d.available });

/**
 * What a subscription makes stale (the manifest's push.invalidations group of that name: the offers, the user's
 * records and the wallet's figures).
 */
export const STOCK_OFFER_GROUP = 'STOCK_OFFER';
