import { call } from '../kit/call.js';
import type { depositSchemas as S } from './schemas.js';

/** Deposits (server/src/modules/deposits). */
export const deposits = {
  chainTypes: call<typeof S.chainTypes>('GET', '/asset/api/currency/chain-types'),
  rechargeTypes: call<typeof S.rechargeTypes>('GET', '/asset/api/currency/recharge-types'),
  address: call<typeof S.address>('GET', '/asset/api/currency/get-deposit-address'),
  addressNew: call<typeof S.addressNew>('GET', '/asset/api/userrechange/deposit-address-new'),
  list: call<typeof S.list>('GET', '/asset/api/userrechange/list'),
};
