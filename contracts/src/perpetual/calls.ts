import { call } from '../kit/call.js';
import type { perpetualSchemas as S } from './schemas.js';

/** Perpetual contracts (server/src/modules/perpetual); the margin arithmetic is in ./margin.ts. */
export const perpetual = {
  openPosition: call<typeof S.openPosition>('POST', '/asset/api/contract/openPosition'),
  openList: call<typeof S.openList>('GET', '/asset/api/contract/openList'),
  limitList: call<typeof S.limitList>('GET', '/asset/api/contract/limitList'),
  closeList: call<typeof S.closeList>('GET', '/asset/api/contract/closeList'),
  closePosition: call<typeof S.closePosition>('POST', '/asset/api/contract/closePosition'),
  cancelPosition: call<typeof S.cancelPosition>('POST', '/asset/api/contract/cancelPosition'),
  reversePosition: call<typeof S.reversePosition>('POST', '/asset/api/contract/reversePosition'),
  setTPAndSLPosition: call<typeof S.setTPAndSLPosition>('POST', '/asset/api/contract/setTPAndSLPosition'),
  detail: call<typeof S.detail>('GET', '/asset/api/contract/detail'),
  settings: call<typeof S.settings>('POST', '/asset/api/contract/settings'),
  market: call<typeof S.market>('GET', '/asset/api/contract/market'),
};
