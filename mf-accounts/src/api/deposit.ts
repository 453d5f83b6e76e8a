import { deposits, wallet, type DataOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

/**
 * Deposits (server/src/modules/deposits/routes.ts): real account only, amounts are decimal strings. Loads are
 * silent: the screens show their own error state with a retry.
 */

/** The wire types, from the contracts (contracts/src/deposits/schemas.ts, contracts/src/wallet/schemas.ts). */
export type Chain = DataOf<typeof deposits.chainTypes>[number];
export type Coin = DataOf<typeof wallet.currencies>[number];
export type DepositAddress = DataOf<typeof deposits.address>;
export type Deposit = DataOf<typeof deposits.list>['list'][number];
export type DepositStatus = Deposit['status'];

export interface ListPage<T> {
  total: number;
  list: T[];
}

export const toPage = <T>(answer: ListPage<T> | null | undefined): ListPage<T> => ({
  total: Number(answer?.total ?? 0),
  list: Array.isArray(answer?.list) ? answer.list : [],
});

export function fetchCoins(): Promise<Coin[]> {
  return call(wallet.currencies, undefined, { silent: true }).then((rows) =>
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
  return call(deposits.chainTypes, { asset }, { silent: true }).then((rows) => (Array.isArray(rows) ? rows : []));
}

export function fetchDepositAddress(asset: string, chain: string): Promise<DepositAddress> {
  return call(deposits.address, { asset, chain }, { silent: true });
}

export function fetchDeposits(page: number, size: number, filter: { asset?: string; status?: DepositStatus } = {}): Promise<ListPage<Deposit>> {
  return call(deposits.list, { page, size, ...filter }, { silent: true }).then(toPage);
}
