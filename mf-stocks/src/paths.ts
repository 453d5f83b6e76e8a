/** Every screen URL of this remote, so routes and links cannot disagree. */
export const P = {
  stock: '/pages/stock/index',
  stockSearch: '/pages/stock/search',
  stockDetail: '/pages/stock/stock-detail',
  stockBuySell: '/pages/stock/stock-buy-sell',
  aiTrading: '/pages/stock/ai-trading/index',
  aiBuy: '/pages/stock/ai-trading/stock-ai-buy',
  aiSell: '/pages/stock/ai-trading/stock-ai-sell',
  dayTrading: '/pages/stock/day-trading/index',
  daySwitchTo: '/pages/stock/day-trading/switch-to',
  dayRollOut: '/pages/stock/day-trading/roll-out',
  dayFundRecords: '/pages/stock/day-trading/fund-records',
  dayPositionDetail: '/pages/stock/day-trading/position-detail',
  ipo: '/pages/stock/ipo',
  blockTrade: '/pages/block-trade/index',
  blockBuy: '/pages/block-trade/buy',
  blockHistory: '/pages/block-trade/history',
  desktopBlockTrade: '/pages/desktop/block-trade/index',
  desktopBlockBuy: '/pages/desktop/block-trade/buy',
  desktopBlockHistory: '/pages/desktop/block-trade/history',
} as const;

/** Pages of other applications this remote links to (navigated through single-spa). */
export const EXTERNAL = {
  quote: '/pages/quote/index',
  tradeMargin: '/pages/trade-margin/index',
  wallet: '/pages/wallet/index',
  desktopMarket: '/pages/desktop/market',
  desktopTrade: '/pages/desktop/trade',
  desktopAssets: '/pages/desktop/assets',
} as const;

/** Where the standalone preview starts. */
export const HOME = P.stock;
