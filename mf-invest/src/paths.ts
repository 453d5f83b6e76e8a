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
