import { deposits, wallet, type DataOf } from '@meridian/contracts';

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


/** account/currencies' rows with their chains and withdrawal limits always present. */
export const coinsOf = (rows: Coin[] | null | undefined): Coin[] =>
  (Array.isArray(rows) ? rows : []).map((row) => ({
    asset: row.asset,
    name: row.name,
    scale: Number(row.scale),
    chains: Array.isArray(row.chains) ? row.chains : [],
    withdraw: row.withdraw ?? { min: '0', max: '0', fee: '0' },
  }));

