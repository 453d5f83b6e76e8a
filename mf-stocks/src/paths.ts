import type { Key } from './i18n';

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

/** A route prefix this remote owns (see meridian.routes.json) and the area index its not-found page links to. */
export interface Area {
  prefix: string;
  index: string;
  title: Key;
}

export const AREAS: Area[] = [
  { prefix: '/pages/stock', index: P.stock, title: 'stockTitle' },
  { prefix: '/pages/block-trade', index: P.blockTrade, title: 'blockTradeTitle' },
  { prefix: '/pages/desktop/block-trade', index: P.desktopBlockTrade, title: 'blockTradeTitle' },
];

/** Folders without a screen of their own that open their index (besides each prefix, see App). */
export const REDIRECTS: Array<[from: string, to: string]> = [
  ['/pages/stock/ai-trading', P.aiTrading],
  ['/pages/stock/day-trading', P.dayTrading],
];

/** Screens that are linked and routed but built by later issues: they show AreaPending. */
export interface PendingRoute {
  path: string;
  title: Key;
  area: string;
  areaTitle: Key;
}

const stock = { area: P.stock, areaTitle: 'stockTitle' } as const;
const ai = { area: P.aiTrading, areaTitle: 'aiTradingTitle' } as const;
const day = { area: P.dayTrading, areaTitle: 'dayTradingTitle' } as const;
const block = { area: P.blockTrade, areaTitle: 'blockTradeTitle' } as const;
const desktopBlock = { area: P.desktopBlockTrade, areaTitle: 'blockTradeTitle' } as const;

export const PENDING: PendingRoute[] = [
  { path: P.stockSearch, title: 'stockSearchTitle', ...stock },
  { path: P.stockDetail, title: 'stockDetailTitle', ...stock },
  { path: P.stockBuySell, title: 'stockBuySellTitle', ...stock },
  { path: P.aiBuy, title: 'aiBuyTitle', ...ai },
  { path: P.aiSell, title: 'aiSellTitle', ...ai },
  { path: P.daySwitchTo, title: 'daySwitchToTitle', ...day },
  { path: P.dayRollOut, title: 'dayRollOutTitle', ...day },
  { path: P.dayFundRecords, title: 'dayFundRecordsTitle', ...day },
  { path: P.dayPositionDetail, title: 'dayPositionDetailTitle', ...day },
  { path: P.blockBuy, title: 'blockBuyTitle', ...block },
  { path: P.blockHistory, title: 'blockHistoryTitle', ...block },
  { path: P.desktopBlockBuy, title: 'blockBuyTitle', ...desktopBlock },
  { path: P.desktopBlockHistory, title: 'blockHistoryTitle', ...desktopBlock },
];
