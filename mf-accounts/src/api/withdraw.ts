import { withdrawals, type DataOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

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

/** The address book's rows (none when the answer has none). */
export const addressesOf = (rows: SavedAddress[] | null | undefined): SavedAddress[] => (Array.isArray(rows) ? rows : []);

export function deleteAddress(id: string): Promise<{ id: string }> {
  return call(withdrawals.deleteAddress, { id });
}

export function fetchWithdrawEstimate(asset: string, amount?: string): Promise<WithdrawEstimate> {
  return call(withdrawals.estimate, amount ? { asset, amount } : { asset }, { silent: true });
}

export function cancelWithdraw(id: string): Promise<Withdrawal> {
  return call(withdrawals.cancel, { id });
}

