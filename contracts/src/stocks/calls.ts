import { call } from '../kit/call.js';
import type { stockSchemas as S } from './schemas.js';
import type { stockOrderSchemas as O } from './orders.js';

/** Ordinary stocks (server/src/modules/stocks): the market calls; orders and positions come next. */
export const stocks = {
  list: call<typeof S.list>('GET', '/api/market/stock/list'),
  topGainer: call<typeof S.topGainer>('GET', '/api/market/stock/topGainer'),
  topLoser: call<typeof S.topLoser>('GET', '/api/market/stock/topLoser'),
  singleStock: call<typeof S.singleStock>('GET', '/api/market/stock/singleStock'),
  chart: call<typeof S.chart>('GET', '/api/market/stock/chart'),
};

/** Stock orders, positions and the day-trading account (orders.ts): all need a logged-in user. */
export const stockOrders = {
  buy: call<typeof O.buy>('POST', '/asset/api/userStock/buy'),
  sell: call<typeof O.sell>('POST', '/asset/api/userStock/sell'),
  // Not among the spec's paths: cancelling a resting order and the pre-trade receipt need them.
  cancel: call<typeof O.cancel>('POST', '/asset/api/userStock/cancel'),
  estimate: call<typeof O.estimate>('GET', '/asset/api/userStock/estimate'),
  listPosition: call<typeof O.listPosition>('GET', '/asset/api/userStock/listPosition'),
  listDayTradingPosition: call<typeof O.listDayTradingPosition>('GET', '/asset/api/userStock/listDayTradingPosition'),
  listStockSubPosition: call<typeof O.listStockSubPosition>('GET', '/asset/api/userStock/listStockSubPosition'),
  getUserPositionMarketValue: call<typeof O.getUserPositionMarketValue>('GET', '/asset/api/userStock/getUserPositionMarketValue'),
  dayTradingAccountInfo: call<typeof O.dayTradingAccountInfo>('GET', '/asset/api/accountDayTrading/accountInfo'),
  dayTradingOrders: call<typeof O.dayTradingOrders>('GET', '/asset/api/accountDayTrading/orders'),
  dayTradingDeposit: call<typeof O.dayTradingDeposit>('POST', '/asset/api/accountDayTrading/deposit'),
  dayTradingWithdraw: call<typeof O.dayTradingWithdraw>('POST', '/asset/api/accountDayTrading/withdraw'),
  // Not a spec path: the fund-records screen lists the transfers in and out.
  dayTradingTransfers: call<typeof O.dayTradingTransfers>('GET', '/asset/api/accountDayTrading/records'),
};
