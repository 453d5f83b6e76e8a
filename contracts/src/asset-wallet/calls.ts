import { call } from '../kit/call.js';
import type { assetWalletSchemas as S } from './schemas.js';

/** asset/api/asset/*: the wallet calls under the first document's names (server/src/modules/c2c/asset-wallet-routes.ts). */
export const assetWallet = {
  findByAsset: call<typeof S.findByAsset>('GET', '/asset/api/asset/findByAsset'),
  list: call<typeof S.list>('POST', '/asset/api/asset/list'),
  transfer: call<typeof S.transfer>('POST', '/asset/api/asset/transfer'),
  amount: call<typeof S.amount>('POST', '/asset/api/asset/amount'),
  amountByAccountByType: call<typeof S.amountByAccountByType>('GET', '/asset/api/asset/amountByAccountByType'),
  amountForex: call<typeof S.amountForex>('GET', '/asset/api/asset/amountForex'),
  historyTransfer: call<typeof S.historyTransfer>('GET', '/asset/api/asset/getHistoryTransfer'),
  config: call<typeof S.config>('GET', '/asset/api/asset/config'),
};
