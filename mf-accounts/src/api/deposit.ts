import { request } from '@meridian/shared';

/**
 * Deposits (server/src/modules/deposits/routes.ts): real account only, amounts are decimal strings. Loads are
 * silent: the screens show their own error state with a retry.
 */
export const DEPOSIT_URLS = {
  chainTypes: '/asset/api/currency/chain-types',
  coins: '/asset/api/currency/getListCurrency',
  address: '/asset/api/currency/get-deposit-address',
  list: '/asset/api/userrechange/list',
} as const;

export interface Chain {
  id: string;
  name: string;
  confirmations: number;
}

export interface Coin {
  asset: string;
  name: string;
  scale: number;
  chains: Chain[];
  withdraw: { min: string; max: string; fee: string };
}

export interface DepositAddress {
  asset: string;
  chain: string;
  chainName: string;
  address: string;
  confirmations: number;
}

export type DepositStatus = 'in_progress' | 'success' | 'fail';

export interface Deposit {
  id: string;
  asset: string;
  channel: string;
  channelName: string;
  amount: string;
  number: string | null;
  txHash: string | null;
  chain: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  confirmations: number;
  requiredConfirmations: number;
  status: DepositStatus;
  reason: string | null;
  createdAt: string;
  creditedAt: string | null;
}

export interface ListPage<T> {
  total: number;
  list: T[];
}

export const toPage = <T>(answer: ListPage<T> | null | undefined): ListPage<T> => ({
  total: Number(answer?.total ?? 0),
  list: Array.isArray(answer?.list) ? answer.list : [],
});

export function fetchCoins(): Promise<Coin[]> {
  return request<Coin[]>({ url: DEPOSIT_URLS.coins, method: 'GET', silent: true }).then((rows) =>
    (Array.isArray(rows) ? rows : []).map((row) => ({
      asset: row.asset,
      name: row.name,
      scale: Number(row.scale),
      chains: Array.isArray(row.chains) ? row.chains : [],
      withdraw: row.withdraw ?? { min: '0', max: '0', fee: '0' },
    })),
  );
}

export function fetchChainTypes(asset: string): Promise<Chain[]> {
  return request<Chain[]>({ url: DEPOSIT_URLS.chainTypes, method: 'GET', params: { asset }, silent: true }).then((rows) => (Array.isArray(rows) ? rows : []));
}

export function fetchDepositAddress(asset: string, chain: string): Promise<DepositAddress> {
  return request<DepositAddress>({ url: DEPOSIT_URLS.address, method: 'GET', params: { asset, chain }, silent: true });
}

export function fetchDeposits(page: number, size: number, filter: { asset?: string; status?: DepositStatus } = {}): Promise<ListPage<Deposit>> {
  return request<ListPage<Deposit>>({ url: DEPOSIT_URLS.list, method: 'GET', params: { page, size, ...filter }, silent: true }).then(toPage);
}
