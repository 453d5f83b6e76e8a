import { call } from '../kit/call.js';
import type { withdrawalSchemas as S } from './schemas.js';

/** The withdrawal address book and withdrawals (server/src/modules/withdrawals). */
export const withdrawals = {
  saveAddress: call<typeof S.saveAddress>('POST', '/asset/api/currencyAddress/insert'),
  deleteAddress: call<typeof S.deleteAddress>('POST', '/asset/api/currencyAddress/delete'),
  addresses: call<typeof S.addresses>('GET', '/asset/api/currencyAddress/currencyList'),
  address: call<typeof S.address>('GET', '/asset/api/currencyAddress/info'),
  estimate: call<typeof S.estimate>('GET', '/asset/api/userwithdraw/estimate'),
  confirm: call<typeof S.confirm>('POST', '/asset/api/userwithdraw/confirm'),
  create: call<typeof S.create>('POST', '/asset/api/userwithdraw/create'),
  cancel: call<typeof S.cancel>('POST', '/asset/api/userwithdraw/cancel'),
  list: call<typeof S.list>('GET', '/asset/api/userwithdraw/list'),
};
