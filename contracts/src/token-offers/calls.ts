import { call } from '../kit/call.js';
import type { tokenOfferSchemas as S } from './schemas.js';

/** Token offerings (IEO/ICO) and code-gated allotments (server/src/modules/token-offers). */
export const tokenOffers = {
  upcoming: call<typeof S.upcoming>('GET', '/asset/api/cryptoIpo/upcoming'),
  open: call<typeof S.open>('GET', '/asset/api/cryptoIpo/open'),
  pending: call<typeof S.pending>('GET', '/asset/api/cryptoIpo/pending'),
  winning: call<typeof S.winning>('GET', '/asset/api/cryptoIpo/winning'),
  mine: call<typeof S.mine>('GET', '/asset/api/cryptoIpo/mine'),
  detail: call<typeof S.detail>('GET', '/asset/api/cryptoIpo/detail'),
  subscribe: call<typeof S.subscribe>('POST', '/asset/api/cryptoIpo/subscribe'),
  allotmentList: call<typeof S.allotmentList>('GET', '/asset/api/cryptoAllotment/allotmentList'),
  allotmentPending: call<typeof S.allotmentPending>('GET', '/asset/api/cryptoAllotment/pending'),
  allotmentWinning: call<typeof S.allotmentWinning>('GET', '/asset/api/cryptoAllotment/winning'),
  checkCode: call<typeof S.checkCode>('GET', '/asset/api/cryptoAllotment/checkAllotmentVerifyCode'),
  setting: call<typeof S.setting>('GET', '/asset/api/cryptoAllotment/allotment-setting'),
  buy: call<typeof S.buy>('POST', '/asset/api/cryptoAllotment/buyAllotment'),
};
