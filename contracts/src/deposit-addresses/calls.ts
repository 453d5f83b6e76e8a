import { call } from '../kit/call.js';
import type { depositAddressSchemas as S } from './schemas.js';

/** userrechange/*: deposit addresses and manual deposit reports (server/src/modules/deposits/address-book.ts). */
export const depositAddresses = {
  mainChainNames: call<typeof S.mainChainNames>('GET', '/asset/api/userrechange/getMainChainNames'),
  rechargeCoins: call<typeof S.rechargeCoins>('GET', '/asset/api/userrechange/recharge-coin'),
  addresses: call<typeof S.addresses>('GET', '/asset/api/userrechange/get-addresses'),
  createAddress: call<typeof S.createAddress>('POST', '/asset/api/userrechange/create-address'),
  updateAddress: call<typeof S.updateAddress>('POST', '/asset/api/userrechange/update-address'),
  deleteAddress: call<typeof S.deleteAddress>('POST', '/asset/api/userrechange/delete-address'),
  report: call<typeof S.report>('POST', '/asset/api/userrechange/insert'),
  /** not a first-document name: the screen showing a user's reports and what became of them needs it */
  reports: call<typeof S.reports>('GET', '/asset/api/userrechange/reports'),
};
