import { call } from '../kit/call.js';
import type { stockOfferSchemas as S } from './schemas.js';

/** IPO subscriptions and block trades (server/src/modules/stock-offers). */
export const stockOffers = {
  ipoList: call<typeof S.ipoList>('GET', '/asset/api/stockIpo/list'),
  ipoProof: call<typeof S.ipoProof>('GET', '/asset/api/stockIpo/proof'),
  ipoSubscribe: call<typeof S.ipoSubscribe>('POST', '/asset/api/userStock/buyStockIpo'),
  // Not a spec path: a user takes back a subscription before the draw.
  ipoCancel: call<typeof S.ipoCancel>('POST', '/asset/api/stockIpo/cancel'),
  ipoMine: call<typeof S.ipoMine>('GET', '/asset/api/stockIpo/mySubscriptions'),
  blockOffers: call<typeof S.blockOffers>('GET', '/asset/api/stock-block/offers'),
  // subscribing posts to userStock/buy with `block: true` (stockOrders.buy), as the spec has it
  blockMine: call<typeof S.blockMine>('GET', '/asset/api/stock-allotment/listByUser'),
};
