import { WALLET_TYPE, wallet, type DataOf, type RefusalReason, type WalletName } from '@meridian/contracts';
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

const list = <T>(page: PageOf<T> | null | undefined): PageOf<T> => ({
  total: Number(page?.total ?? 0),
  page: Number(page?.page ?? 1),
  size: Number(page?.size ?? 0),
  list: Array.isArray(page?.list) ? page.list : [],
});

/** POST account/list: every wallet with the assets it holds (USDT always listed), valued in USDT. */
export function fetchOverview(): Promise<Overview> {
  return call(wallet.list, undefined, { silent: true });
}

/** GET account/userAssetData: the totals only. */
export function fetchAssetSummary(): Promise<AssetSummary> {
  return call(wallet.userAssetData, undefined, { silent: true });
}

/** GET account/getValidAssetById: what can be moved out of one wallet now. */
export async function fetchAvailable(name: WalletName, asset: string): Promise<string> {
  const data = await call(wallet.validAsset, { accountType: WALLET_TYPE[name], asset }, { silent: true });
  return String(data?.available ?? '0');
}

export interface TransferInput {
  fromWallet: WalletName;
  toWallet: WalletName;
  asset: string;
  amount: string;
  /** One per user action, kept for its retries: a retry moves nothing twice. */
  requestId: string;
}

export function fetchTransferLog(page: number, size: number): Promise<PageOf<TransferRecord>> {
  return call(wallet.transferLog, { page, size }, { silent: true }).then(list);
}

export function fetchAccountChanges(query: { page: number; size: number; wallet?: WalletName; asset?: string }): Promise<PageOf<AccountChange>> {
  return call(wallet.changes, query, { silent: true }).then(list);
}

/** POST account/resetDemo (demo mode only): answers the fresh overview. */
export function resetDemo(): Promise<Overview> {
  return call(wallet.resetDemo);
}

export function fetchCurrencies(): Promise<Currency[]> {
  return call(wallet.currencies, undefined, { silent: true }).then((rows) =>
    (Array.isArray(rows) ? rows : []).map((row) => ({ asset: row.asset, name: row.name, scale: Number(row.scale) })),
  );
}

export function fetchConvertCurrencies(): Promise<Currency[]> {
  return call(wallet.convertCurrencies, undefined, { silent: true }).then((rows) =>
    (Array.isArray(rows) ? rows : []).map((row) => ({ asset: row.asset, name: row.name, scale: Number(row.scale) })),
  );
}

/** GET fiat/convertEstimate: silent, the screen shows the refusal beside the amount. */
export function fetchEstimate(query: { from: string; to: string; amount: string }): Promise<Estimate> {
  return call(wallet.estimate, query, { silent: true });
}

export function fetchConvertHistory(page: number, size: number): Promise<PageOf<Conversion>> {
  return call(wallet.convertHistory, { page, size }, { silent: true }).then(list);
}

