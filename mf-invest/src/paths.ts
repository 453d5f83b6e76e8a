import type { Key } from './i18n';

/** Every screen URL of this remote, so routes and links cannot disagree. */
export const P = {
  ico: '/pages/ico/index',
  earn: '/pages/earn/index',
  smartPool: '/pages/smart-pool/index',
  smartPoolBuy: '/pages/smart-pool/buy',
  smartPoolConfirmBuy: '/pages/smart-pool/confirm-buy',
  smartPoolMyOrder: '/pages/smart-pool/my-order',
  smartPoolHistory: '/pages/smart-pool/history',
  smartPoolRedeemed: '/pages/smart-pool/redeemed',
  manageAccount: '/pages/manage-account/index',
  buyFinancing: '/pages/manage-account/components/buy-financing',
  historyFinancing: '/pages/manage-account/components/history-financing',
  desktopIco: '/pages/desktop/ico',
  desktopManage: '/pages/desktop/manage',
  desktopSmartPool: '/pages/desktop/smart-pool/index',
  desktopSmartPoolBuy: '/pages/desktop/smart-pool/buy',
  desktopSmartPoolConfirmBuy: '/pages/desktop/smart-pool/confirm-buy',
  desktopSmartPoolMyOrder: '/pages/desktop/smart-pool/my-order',
  desktopSmartPoolHistory: '/pages/desktop/smart-pool/history',
  desktopSmartPoolRedeemed: '/pages/desktop/smart-pool/redeemed',
} as const;

/** Pages of other applications this remote links to (navigated through single-spa). */
export const EXTERNAL = {
  wallet: '/pages/wallet/index',
  desktopAssets: '/pages/desktop/assets',
} as const;

/** Where the standalone preview starts. */
export const HOME = P.earn;

/** A route prefix this remote owns (see meridian.routes.json) and the area index its not-found page links to. */
export interface Area {
  prefix: string;
  index: string;
  title: Key;
}

export const AREAS: Area[] = [
  { prefix: '/pages/ico', index: P.ico, title: 'icoTitle' },
  { prefix: '/pages/earn', index: P.earn, title: 'earnTitle' },
  { prefix: '/pages/smart-pool', index: P.smartPool, title: 'smartPoolTitle' },
  { prefix: '/pages/manage-account', index: P.manageAccount, title: 'manageAccountTitle' },
  { prefix: '/pages/desktop/ico', index: P.desktopIco, title: 'icoTitle' },
  { prefix: '/pages/desktop/manage', index: P.desktopManage, title: 'manageAccountTitle' },
  { prefix: '/pages/desktop/smart-pool', index: P.desktopSmartPool, title: 'smartPoolTitle' },
];

/** Folders without a screen of their own that open their index (besides each prefix, see App). */
export const REDIRECTS: Array<[from: string, to: string]> = [['/pages/manage-account/components', P.manageAccount]];

/** Screens that are linked and routed but built by later issues: they show AreaPending. */
export interface PendingRoute {
  path: string;
  title: Key;
  area: string;
  areaTitle: Key;
}

const pool = { area: P.smartPool, areaTitle: 'smartPoolTitle' } as const;
const desktopPool = { area: P.desktopSmartPool, areaTitle: 'smartPoolTitle' } as const;
const financing = { area: P.manageAccount, areaTitle: 'manageAccountTitle' } as const;

export const PENDING: PendingRoute[] = [
  { path: P.smartPoolBuy, title: 'smartPoolBuyTitle', ...pool },
  // a step of buying, routed but not linked from the index
  { path: P.smartPoolConfirmBuy, title: 'smartPoolConfirmBuyTitle', ...pool },
  { path: P.smartPoolMyOrder, title: 'smartPoolMyOrderTitle', ...pool },
  { path: P.smartPoolHistory, title: 'smartPoolHistoryTitle', ...pool },
  { path: P.smartPoolRedeemed, title: 'smartPoolRedeemedTitle', ...pool },
  { path: P.buyFinancing, title: 'buyFinancingTitle', ...financing },
  { path: P.historyFinancing, title: 'historyFinancingTitle', ...financing },
  { path: P.desktopSmartPoolBuy, title: 'smartPoolBuyTitle', ...desktopPool },
  { path: P.desktopSmartPoolConfirmBuy, title: 'smartPoolConfirmBuyTitle', ...desktopPool },
  { path: P.desktopSmartPoolMyOrder, title: 'smartPoolMyOrderTitle', ...desktopPool },
  { path: P.desktopSmartPoolHistory, title: 'smartPoolHistoryTitle', ...desktopPool },
  { path: P.desktopSmartPoolRedeemed, title: 'smartPoolRedeemedTitle', ...desktopPool },
];
