import { Type } from 'typebox';
import { Text } from '../kit/schema.js';
import { WALLET_TYPE } from '../wire/wallets.js';
import { walletSchemas as W } from '../wallet/schemas.js';

const AccountType = Type.Union([Type.Integer({ minimum: Math.min(...Object.values(WALLET_TYPE)), maximum: Math.max(...Object.values(WALLET_TYPE)) }), Text(16)], { description: 'the account type 1–5 or the wallet name' });

/**
 * The first document's asset/api/asset/* names for the wallet calls: the same answers as account/* (one service
 * behind both, server/src/modules/wallet/service.ts), so a screen may use either.
 */
export const assetWalletSchemas = {
  findByAsset: { ...W.validAsset, query: Type.Object({ asset: Text(16), accountType: Type.Optional(AccountType) }), summary: 'One asset’s available amount in a wallet (default: the platform wallet), as account/getValidAssetById' },
  list: { ...W.list, summary: 'Every wallet with its assets, as account/list' },
  transfer: { ...W.transfer, summary: 'A transfer between the user’s wallets, as account/transferAsset' },
  amount: { ...W.userAssetData, summary: 'The totals per wallet, as account/userAssetData' },
  amountByAccountByType: { ...W.validAsset, summary: 'The available amount of a wallet (accountType) and asset, as account/getValidAssetById' },
  amountForex: { ...W.validAsset, query: Type.Object({ accountType: Type.Optional(AccountType), asset: Type.Optional(Text(16)) }), summary: 'The contract wallet’s available amount (accountType default 3)' },
  historyTransfer: { ...W.transferLog, summary: 'The user’s transfers between wallets, as account/getTransferLog' },
  config: { ...W.currencies, summary: 'The wallet configuration: currencies, chains and withdrawal terms, as currency/getListCurrency' },
};
