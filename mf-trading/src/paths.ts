/** Every screen URL of this remote, so routes and links cannot disagree. */
export const P = {
  quote: '/pages/quote/index',
  tradeMargin: '/pages/trade-margin/index',
  perpetualHistoryDetail: '/pages/trade-margin/perpetual-contract/history-detail',
  perpetualPositionDetail: '/pages/trade-margin/perpetual-contract/position-detail',
  spotOrderDetail: '/pages/trade-margin/spot/order-detail',
  spotPositionDetail: '/pages/trade-margin/spot/position-detail',
  secondsDetail: '/pages/trade-margin/seconds-contract/detail',
  tradeChart: '/pages/trade-chart/index',
  search: '/pages/search/index',
  desktopMarket: '/pages/desktop/market',
  desktopTrade: '/pages/desktop/trade',
  desktopSpotPositionDetail: '/pages/desktop/trade/components/history/spot/position-detail',
  // not in the spec's list: a wide window leaves mobile pages for the desktop market, so the grid's seconds rows need their own
  desktopSecondsDetail: '/pages/desktop/trade/components/history/seconds/contract-detail',
} as const;

/** The chart of one market. */
export const chartUrl = (symbol: string) => `${P.tradeChart}?symbol=${encodeURIComponent(symbol)}`;

/** The trade screen on one market, optionally on a tab and a side (the chart's Buy and Sell entries), or the desktop grid. */
export const tradeUrl = (symbol: string, options: { tab?: 'spot' | 'perp' | 'forex' | 'seconds'; side?: 'buy' | 'sell'; desktop?: boolean } = {}) =>
  `${options.desktop ? P.desktopTrade : P.tradeMargin}?${new URLSearchParams({ symbol, ...(options.tab ? { tab: options.tab } : {}), ...(options.side ? { side: options.side } : {}) }).toString()}`;

/** Pages of other applications this remote links to (navigated through single-spa). */
export const EXTERNAL = {
  home: '/pages/home/index',
  wallet: '/pages/wallet/index',
  deposit: '/pages/recharge/index',
  kyc: '/pages/profile/kyc-verification/index',
  stock: '/pages/stock/index',
  desktopAssets: '/pages/desktop/assets',
  desktopC2c: '/pages/desktop/c2c',
} as const;

/** Where the standalone preview starts. */
export const HOME = P.quote;
