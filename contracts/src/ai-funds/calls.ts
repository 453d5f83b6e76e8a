import { call } from '../kit/call.js';
import type { aiFundSchemas as S } from './schemas.js';

/** AI funds (server/src/modules/ai-funds): rules-based strategies valued from recorded prices. */
export const aiFunds = {
  list: call<typeof S.list>('GET', '/asset/api/ai-fund/list'),
  checkCode: call<typeof S.checkCode>('GET', '/asset/api/ai-fund/checkAiFundCode'),
  buy: call<typeof S.buy>('POST', '/asset/api/ai-fund-position/buy'),
  positions: call<typeof S.positions>('GET', '/asset/api/ai-fund-position/position'),
  history: call<typeof S.history>('GET', '/asset/api/ai-fund-position/history'),
  info: call<typeof S.info>('GET', '/asset/api/ai-fund-position/getUserAiFundInfo'),
  redeem: call<typeof S.redeem>('PUT', '/asset/api/ai-fund-position/redeemFund'),
};
