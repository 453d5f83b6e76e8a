import { call } from '../kit/call.js';
import type { secondsSchemas as S } from './schemas.js';

/**
 * Seconds contracts (server/src/modules/seconds): fixed-term up/down contracts settled on the first recorded feed
 * tick at or after expiry. `create` and `getContractList` are the spec's; the spec does not show how the form
 * learns the durations and ratios nor how the detail is read, so `productList` and `detail` are ours.
 */
export const seconds = {
  create: call<typeof S.create>('POST', '/transaction/api/contract/create'),
  getContractList: call<typeof S.getContractList>('GET', '/transaction/api/contract/getContractList'),
  productList: call<typeof S.productList>('GET', '/transaction/api/contract/productList'),
  detail: call<typeof S.detail>('GET', '/transaction/api/contract/detail'),
};
