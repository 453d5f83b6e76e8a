import { withdrawals, type DataOf } from '@meridian/contracts';
import { call } from '@meridian/shared';
import { toPage, type ListPage } from './deposit';

/**
 * Withdrawals and the address book (server/src/modules/withdrawals/routes.ts): real account only, amounts are
 * decimal strings. Loads and the estimate are silent (the screens say what failed); the money actions are not.
 */

/** The wire types, from the contracts (contracts/src/withdrawals/schemas.ts). */
export type SavedAddress = DataOf<typeof withdrawals.saveAddress>;
export type WithdrawEstimate = DataOf<typeof withdrawals.estimate>;
export type WithdrawConfirmation = DataOf<typeof withdrawals.confirm>;
/** A withdrawal as listed; create's answer also carries the notice. */
export type Withdrawal = DataOf<typeof withdrawals.cancel> & { notice?: string };
export type WithdrawalStatus = Withdrawal['status'];
export type WithdrawalEvent = Withdrawal['events'][number];

export interface WithdrawInput {
  asset: string;
  chain?: string;
  addressId: string;
  amount: string;
}

export function fetchAddresses(filter: { asset?: string; chain?: string } = {}): Promise<SavedAddress[]> {
  return call(withdrawals.addresses, filter, { silent: true }).then((rows) => (Array.isArray(rows) ? rows : []));
}

export function deleteAddress(id: string): Promise<{ id: string }> {
  return call(withdrawals.deleteAddress, { id });
}

export function fetchWithdrawEstimate(asset: string, amount?: string): Promise<WithdrawEstimate> {
  return call(withdrawals.estimate, amount ? { asset, amount } : { asset }, { silent: true });
}

/** Checks everything create will except the fund password; nothing moves. */
export function confirmWithdraw(input: WithdrawInput): Promise<WithdrawConfirmation> {
  return call(withdrawals.confirm, input);
}

/** Freezes the amount; the same requestId answers the first withdrawal (a retry moves nothing twice). */
export function createWithdraw(input: WithdrawInput & { fundPassword: string; requestId: string }): Promise<Withdrawal> {
  return call(withdrawals.create, input);
}

export function cancelWithdraw(id: string): Promise<Withdrawal> {
  return call(withdrawals.cancel, { id });
}

export function fetchWithdrawals(page: number, size: number, filter: { asset?: string; status?: WithdrawalStatus } = {}): Promise<ListPage<Withdrawal>> {
  return call(withdrawals.list, { page, size, ...filter }, { silent: true }).then(toPage);
}
