import { call } from '../kit/call.js';
import type { marketSchemas as S } from './schemas.js';

/** The market service (server/src/modules/market): quotes, catalogue, depth, K-lines, hours, favourites (the stock calls: contracts/src/stocks). */
export const market = {
  price: call<typeof S.price>('GET', '/api/market/getMarketPrice'),
  byType: call<typeof S.byType>('GET', '/api/market/byTypeGetMarketPrice'),
  depthUpdate: call<typeof S.depthUpdate>('GET', '/api/market/byTypeDepthUpdate'),
  tickers: call<typeof S.tickers>('GET', '/api/market/getTickerList'),
  forexCurrencies: call<typeof S.forexCurrencies>('GET', '/api/market/getListForestCurrency'),
  symbol: call<typeof S.symbol>('GET', '/api/market/getSymbol'),
  currenciesByType: call<typeof S.currenciesByType>('GET', '/api/market/getListCurrencyByType'),
  forexAll: call<typeof S.forexAll>('GET', '/api/market/forex/all'),
  klines: call<typeof S.klines>('GET', '/api/market/klines'),
  initForex: call<typeof S.initForex>('GET', '/api/market/initForestData'),
  depth: call<typeof S.depth>('GET', '/api/market/depth'),
  checkTradingTime: call<typeof S.checkTradingTime>('GET', '/asset/api/forex/contract/checkTradingTime'),
  favorites: call<typeof S.favorites>('POST', '/asset/api/favorite/list'),
  isFavorite: call<typeof S.isFavorite>('POST', '/asset/api/favorite/isFavorite'),
  addFavorite: call<typeof S.addFavorite>('POST', '/asset/api/favorite/insert'),
  removeFavorite: call<typeof S.removeFavorite>('POST', '/asset/api/favorite/delete'),
};
