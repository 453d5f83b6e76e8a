import { wallet, type DataOf, type RefusalReason, type WalletName } from '@meridian/contracts';
import { call } from '@meridian/shared';

/**
 * Wallets, transfers and conversion (server/src/modules/wallet/routes.ts, server/src/modules/convert/routes.ts).
 * Every call works on the account mode of the userType header, which the shell's request conventions send.
 * Loads are silent (the screens show their own error state with a retry); money actions are not, except
 * createConvert, whose "rate has changed" refusal the convert screen answers with a new estimate.
 */

/** The user's wallets in the server's order, with the spec's numeric account types (1–5): the wire's. */
export { WALLETS, WALLET_TYPE as ACCOUNT_TYPE, isWalletName, type WalletName } from '@meridian/contracts';

/** The base unit every value is counted in. */
export const BASE_ASSET = 'USDT';

/** The server's refusal when the market moved against the user since the confirmed estimate, by its key (its text is in the user's language). */
export const RATE_MOVED_REASON: RefusalReason = 'rateMoved';

/** The wire types, from the contracts (contracts/src/wallet/schemas.ts). */
export type Overview = DataOf<typeof wallet.list>;
export type WalletView = Overview['wallets'][number];
export type AssetRow = WalletView['assets'][number];
export type AssetSummary = DataOf<typeof wallet.userAssetData>;
export type TransferRecord = DataOf<typeof wallet.transfer>;
export type AccountChange = DataOf<typeof wallet.changes>['list'][number];
export type Estimate = DataOf<typeof wallet.estimate>;
export type Conversion = DataOf<typeof wallet.convert>;

export interface PageOf<T> {
  total: number;
  page: number;
  size: number;
  list: T[];
}

export interface Currency {
  asset: string;
  name: string;
  /** Decimals an amount of this currency may have. */
  scale: number;
}

/** GET account/getValidAssetById's answer as the forms use it: what can be moved out of one wallet now. */
export const availableOf = (data: DataOf<typeof wallet.validAsset> | null | undefined): string => String(data?.available ?? '0');

export interface TransferInput {
  fromWallet: WalletName;
  toWallet: WalletName;
  asset: string;
  amount: string;
  /** One per user action, kept for its retries: a retry moves nothing twice. */
  requestId: string;
}

/** POST account/resetDemo (demo mode only): answers the fresh overview. */
export function resetDemo(): Promise<Overview> {
  return call(wallet.resetDemo);
}

/** fiat/convertCurrencies' rows as the convert form lists them. */
export const currenciesOf = (rows: DataOf<typeof wallet.convertCurrencies> | null | undefined): Currency[] =>
  (Array.isArray(rows) ? rows : []).map((row) => ({ asset: row.asset, name: row.name, scale: Number(row.scale) }));

