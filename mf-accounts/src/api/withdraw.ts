import { request } from '@meridian/shared';
import { toPage, type ListPage } from './deposit';

/**
 * Withdrawals and the address book (server/src/modules/withdrawals/routes.ts): real account only, amounts are
 * decimal strings. Loads and the estimate are silent (the screens say what failed); the money actions are not.
 */
export const WITHDRAW_URLS = {
  addresses: '/asset/api/currencyAddress/currencyList',
  insertAddress: '/asset/api/currencyAddress/insert',
  deleteAddress: '/asset/api/currencyAddress/delete',
  estimate: '/asset/api/userwithdraw/estimate',
  confirm: '/asset/api/userwithdraw/confirm',
  create: '/asset/api/userwithdraw/create',
  cancel: '/asset/api/userwithdraw/cancel',
  list: '/asset/api/userwithdraw/list',
} as const;

/** The server's refusal of an address that is not the chain's (shape or checksum), or a chain not the coin's. */
export const INVALID_CHAIN_MESSAGE = 'Invalid chain type';

export interface SavedAddress {
  id: string;
  asset: string;
  chain: string;
  address: string;
  alias: string | null;
  createdAt: string;
}

export interface WithdrawEstimate {
  asset: string;
  min: string;
  max: string;
  fee: string;
  standardFee: string;
  feeExempt: boolean;
  feeExemptUntil: string | null;
  amount: string | null;
  amountAfterFee: string | null;
  available: string;
  notice: string;
}

export interface WithdrawConfirmation {
  asset: string;
  chain: string;
  chainName: string;
  address: string;
  alias: string | null;
  amount: string;
  fee: string;
  standardFee: string;
  feeExempt: boolean;
  feeExemptUntil: string | null;
  amountAfterFee: string;
  available: string;
  fundPasswordSet: boolean;
  notice: string;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'completed' | 'rejected' | 'canceled';

export interface WithdrawalEvent {
  status: string;
  at: string;
  actor: string;
  reason: string | null;
}

export interface Withdrawal {
  id: string;
  asset: string;
  chain: string;
  chainName?: string;
  address: string;
  alias: string | null;
  amount: string;
  fee: string;
  amountAfterFee: string;
  feeExempt: boolean;
  status: WithdrawalStatus;
  reason: string | null;
  txHash: string | null;
  createdAt: string;
  approvedAt: string | null;
  completedAt: string | null;
  rejectedAt: string | null;
  canceledAt: string | null;
  events: WithdrawalEvent[];
  notice?: string;
}

export interface WithdrawInput {
  asset: string;
  chain?: string;
  addressId: string;
  amount: string;
}

export function fetchAddresses(filter: { asset?: string; chain?: string } = {}): Promise<SavedAddress[]> {
  return request<SavedAddress[]>({ url: WITHDRAW_URLS.addresses, method: 'GET', params: filter, silent: true }).then((rows) => (Array.isArray(rows) ? rows : []));
}

/** Silent: the form shows "Invalid chain type" (and other refusals) beside the address. */
export function insertAddress(input: { asset: string; chain: string; address: string; alias?: string }): Promise<SavedAddress> {
  return request<SavedAddress>({ url: WITHDRAW_URLS.insertAddress, method: 'POST', data: input, silent: true });
}

export function deleteAddress(id: string): Promise<{ id: string }> {
  return request<{ id: string }>({ url: WITHDRAW_URLS.deleteAddress, method: 'POST', data: { id } });
}

export function fetchWithdrawEstimate(asset: string, amount?: string): Promise<WithdrawEstimate> {
  return request<WithdrawEstimate>({ url: WITHDRAW_URLS.estimate, method: 'GET', params: amount ? { asset, amount } : { asset }, silent: true });
}

/** Checks everything create will except the fund password; nothing moves. */
export function confirmWithdraw(input: WithdrawInput): Promise<WithdrawConfirmation> {
  return request<WithdrawConfirmation>({ url: WITHDRAW_URLS.confirm, method: 'POST', data: input });
}

/** Freezes the amount; the same requestId answers the first withdrawal (a retry moves nothing twice). */
export function createWithdraw(input: WithdrawInput & { fundPassword: string; requestId: string }): Promise<Withdrawal> {
  return request<Withdrawal>({ url: WITHDRAW_URLS.create, method: 'POST', data: input });
}

export function cancelWithdraw(id: string): Promise<Withdrawal> {
  return request<Withdrawal>({ url: WITHDRAW_URLS.cancel, method: 'POST', data: { id } });
}

export function fetchWithdrawals(page: number, size: number, filter: { asset?: string; status?: WithdrawalStatus } = {}): Promise<ListPage<Withdrawal>> {
  return request<ListPage<Withdrawal>>({ url: WITHDRAW_URLS.list, method: 'GET', params: { page, size, ...filter }, silent: true }).then(toPage);
}
