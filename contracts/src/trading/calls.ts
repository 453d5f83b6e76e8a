import { call } from '../kit/call.js';
import type { tradingSchemas as S } from './schemas.js';

/**
 * The trading engine's instrument terms and spot trading (server/src/modules/trading, server/src/modules/spot).
 * The perpetual-contract calls (contract/openPosition …) are added beside these by the perpetual module.
 */
export const trading = {
  config: call<typeof S.config>('GET', '/asset/api/contract/config'),
  fee: call<typeof S.fee>('GET', '/asset/api/contract-margin/fee'),
  spotCreate: call<typeof S.spotCreate>('POST', '/asset/api/contract-spot/create'),
  spotCreateIco: call<typeof S.spotCreateIco>('POST', '/asset/api/contract-spot/create-ico'),
  spotList: call<typeof S.spotList>('GET', '/asset/api/contract-spot/list'),
  spotHistory: call<typeof S.spotHistory>('GET', '/asset/api/contract-spot/history'),
  spotDelete: call<typeof S.spotDelete>('POST', '/asset/api/contract-spot/delete'),
  // Not among the spec's paths ("not shown"): the spot order-detail and position-detail screens need them.
  spotDetail: call<typeof S.spotDetail>('GET', '/asset/api/contract-spot/detail'),
  spotHoldings: call<typeof S.spotHoldings>('GET', '/asset/api/contract-spot/holdings'),
  // Take-profit/stop-loss and OCO sells on a holding (issue 17), beside the spec's paths.
  spotConditionalCreate: call<typeof S.spotConditionalCreate>('POST', '/asset/api/contract-spot/conditional/create'),
  spotConditionalList: call<typeof S.spotConditionalList>('GET', '/asset/api/contract-spot/conditional/list'),
  spotConditionalDetail: call<typeof S.spotConditionalDetail>('GET', '/asset/api/contract-spot/conditional/detail'),
  spotConditionalCancel: call<typeof S.spotConditionalCancel>('POST', '/asset/api/contract-spot/conditional/cancel'),
};
