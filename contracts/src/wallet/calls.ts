import { call } from '../kit/call.js';
import type { walletSchemas as S } from './schemas.js';

/** Wallets, transfers and conversion (server/src/modules/wallet, server/src/modules/convert). */
export const wallet = {
  list: call<typeof S.list>('POST', '/asset/api/account/list'),
  userAssetData: call<typeof S.userAssetData>('GET', '/asset/api/account/userAssetData'),
  validAsset: call<typeof S.validAsset>('GET', '/asset/api/account/getValidAssetById'),
  transfer: call<typeof S.transfer>('POST', '/asset/api/account/transferAsset'),
  transferLog: call<typeof S.transferLog>('GET', '/asset/api/account/getTransferLog'),
  changes: call<typeof S.changes>('GET', '/asset/api/accountchange/list'),
  resetDemo: call<typeof S.resetDemo>('POST', '/asset/api/account/resetDemo'),
  currencies: call<typeof S.currencies>('GET', '/asset/api/currency/getListCurrency'),
  convertCurrencies: call<typeof S.convertCurrencies>('GET', '/asset/api/fiat/getListFiat'),
  estimate: call<typeof S.estimate>('GET', '/asset/api/fiat/convertEstimate'),
  convert: call<typeof S.convert>('POST', '/asset/api/convert/createConvert'),
  convertHistory: call<typeof S.convertHistory>('GET', '/asset/api/convert/convertHistoryList'),
};
