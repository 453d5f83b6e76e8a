import { request } from '@meridian/shared';

/**
 * Wallets, transfers and conversion (server/src/modules/wallet/routes.ts, server/src/modules/convert/routes.ts).
 * Every call works on the account mode of the userType header, which the shell's request conventions send.
 * Loads are silent (the screens show their own error state with a retry); money actions are not, except
 * createConvert, whose "rate has changed" refusal the convert screen answers with a new estimate.
 */
export const WALLET_URLS = {
  list: '/asset/api/account/list',
  userAssetData: '/asset/api/account/userAssetData',
  validAsset: '/asset/api/account/getValidAssetById',
  transfer: '/asset/api/account/transferAsset',
  transferLog: '/asset/api/account/getTransferLog',
  changes: '/asset/api/accountchange/list',
  resetDemo: '/asset/api/account/resetDemo',
  currencies: '/asset/api/currency/getListCurrency',
  convertCurrencies: '/asset/api/fiat/getListFiat',
  estimate: '/asset/api/fiat/convertEstimate',
  convert: '/asset/api/convert/createConvert',
  convertHistory: '/asset/api/convert/convertHistoryList',
} as const;

/** The user's wallets in the server's order, with the spec's numeric account types (1–5). */
export const WALLETS = ['platform', 'spot', 'contract', 'wealth', 'option'] as const;
export type WalletName = (typeof WALLETS)[number];
export const ACCOUNT_TYPE: Record<WalletName, number> = { platform: 1, spot: 2, contract: 3, wealth: 4, option: 5 };

export const isWalletName = (value: unknown): value is WalletName => typeof value === 'string' && (WALLETS as readonly string[]).includes(value);

/** The base unit every value is counted in. */
export const BASE_ASSET = 'USDT';

/** The server's refusal when the market moved against the user since the confirmed estimate (MONEY_MSG.rateMoved). */
export const RATE_MOVED_MESSAGE = 'The rate has changed, please confirm the new estimate';

export interface AssetRow {
  asset: string;
  name: string;
  available: string;
  frozen: string;
  balance: string;
  /** The balance valued in USDT at the live price. */
  valueUsdt: string;
}

export interface WalletView {
  wallet: WalletName;
  accountType: number;
  totalUsdt: string;
  assets: AssetRow[];
}

export interface Overview {
  totalUsdt: string;
  wallets: WalletView[];
}

export interface AssetSummary {
  mode: 'real' | 'demo';
  totalUsdt: string;
  wallets: Array<{ wallet: WalletName; accountType: number; totalUsdt: string }>;
}

export interface TransferRecord {
  id: string;
  fromWallet: WalletName;
  toWallet: WalletName;
  asset: string;
  amount: string;
  createdAt: string;
}

export interface AccountChange {
  id: string;
  wallet: string;
  asset: string;
  /** 'available' or 'frozen'. */
  part: string;
  /** Signed: positive when the account was credited. */
  amount: string;
  causeType: string;
  causeId: string;
  /** The other account of the move: one of the user's wallets, or a platform account (chain, fees, desk…). */
  counterparty: string;
  createdAt: string;
}

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

export interface Estimate {
  from: string;
  to: string;
  amount: string;
  /** Units of `to` received per unit of `from`, after every spread. */
  rate: string;
  /** What the user gives up against the mid price, as a fraction ("0.0031" = 0.31 %). */
  spread: string;
  receive: string;
  fromPrice: string;
  toPrice: string;
  /** Epoch ms of the price tick used. */
  tickTime: number;
}

export interface Conversion {
  id: string;
  fromAsset: string;
  toAsset: string;
  fromAmount: string;
  toAmount: string;
  rate: string;
  spread: string;
  fromPrice: string;
  toPrice: string;
  tickTime: string;
  createdAt: string;
}

const list = <T>(page: PageOf<T> | null | undefined): PageOf<T> => ({
  total: Number(page?.total ?? 0),
  page: Number(page?.page ?? 1),
  size: Number(page?.size ?? 0),
  list: Array.isArray(page?.list) ? page.list : [],
});

/** POST account/list: every wallet with the assets it holds (USDT always listed), valued in USDT. */
export function fetchOverview(): Promise<Overview> {
  return request<Overview>({ url: WALLET_URLS.list, method: 'POST', silent: true });
}

/** GET account/userAssetData: the totals only. */
export function fetchAssetSummary(): Promise<AssetSummary> {
  return request<AssetSummary>({ url: WALLET_URLS.userAssetData, method: 'GET', silent: true });
}

/** GET account/getValidAssetById: what can be moved out of one wallet now. */
export async function fetchAvailable(wallet: WalletName, asset: string): Promise<string> {
  const data = await request<{ available: string }>({
    url: WALLET_URLS.validAsset,
    method: 'GET',
    params: { accountType: ACCOUNT_TYPE[wallet], asset },
    silent: true,
  });
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

/** POST account/transferAsset. A refusal is toasted by the request conventions. */
export function transferAsset(input: TransferInput): Promise<TransferRecord> {
  return request<TransferRecord>({ url: WALLET_URLS.transfer, method: 'POST', data: input });
}

export function fetchTransferLog(page: number, size: number): Promise<PageOf<TransferRecord>> {
  return request<PageOf<TransferRecord>>({ url: WALLET_URLS.transferLog, method: 'GET', params: { page, size }, silent: true }).then(list);
}

export function fetchAccountChanges(query: { page: number; size: number; wallet?: WalletName; asset?: string }): Promise<PageOf<AccountChange>> {
  return request<PageOf<AccountChange>>({ url: WALLET_URLS.changes, method: 'GET', params: query, silent: true }).then(list);
}

/** POST account/resetDemo (demo mode only): answers the fresh overview. */
export function resetDemo(): Promise<Overview> {
  return request<Overview>({ url: WALLET_URLS.resetDemo, method: 'POST' });
}

export function fetchCurrencies(): Promise<Currency[]> {
  return request<Currency[]>({ url: WALLET_URLS.currencies, method: 'GET', silent: true }).then((rows) =>
    (Array.isArray(rows) ? rows : []).map((row) => ({ asset: row.asset, name: row.name, scale: Number(row.scale) })),
  );
}

export function fetchConvertCurrencies(): Promise<Currency[]> {
  return request<Currency[]>({ url: WALLET_URLS.convertCurrencies, method: 'GET', silent: true }).then((rows) =>
    (Array.isArray(rows) ? rows : []).map((row) => ({ asset: row.asset, name: row.name, scale: Number(row.scale) })),
  );
}

/** GET fiat/convertEstimate: silent, the screen shows the refusal beside the amount. */
export function fetchEstimate(query: { from: string; to: string; amount: string }): Promise<Estimate> {
  return request<Estimate>({ url: WALLET_URLS.estimate, method: 'GET', params: query, silent: true });
}

/** POST convert/createConvert at no worse than minRate. Silent: the screen answers "rate has changed" itself. */
export function createConvert(input: { from: string; to: string; amount: string; minRate: string; requestId: string }): Promise<Conversion> {
  return request<Conversion>({ url: WALLET_URLS.convert, method: 'POST', data: input, silent: true });
}

export function fetchConvertHistory(page: number, size: number): Promise<PageOf<Conversion>> {
  return request<PageOf<Conversion>>({ url: WALLET_URLS.convertHistory, method: 'GET', params: { page, size }, silent: true }).then(list);
}

/**
 * A request id for one user action: 32 hex characters (the server accepts 8–64 of [A-Za-z0-9_-]). Uses
 * crypto.getRandomValues, which unlike randomUUID also exists on plain-http (non-secure) origins.
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
