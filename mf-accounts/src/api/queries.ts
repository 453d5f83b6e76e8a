import * as contracts from '@meridian/contracts';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { combineQueries, invalidatePaths, useApiPaged, useApiQuery } from '@meridian/shared';
import { ACCOUNT_TYPE, fetchAccountChanges, fetchAvailable, fetchConvertCurrencies, fetchConvertHistory, fetchOverview, fetchTransferLog, type WalletName } from './wallet';
import { fetchCoins, fetchDepositAddress, fetchDeposits } from './deposit';
import { fetchAddresses, fetchWithdrawals } from './withdraw';
import { estimateRepayAll, fetchLoanProducts, fetchLoanRules, fetchLoans, fetchPayments, type LoanFilter } from './loan';
import { fetchNews, fetchNewsArticle, fetchNotification, fetchNotifications, fetchUnreadCount } from './notification';

/**
 * The money screens' reads, through the page's QueryClient. Each is keyed `[path, input]` with the input the call
 * sends (page and size aside for paged lists), so a mutation or a live push that invalidates `[path]` refreshes
 * every screen showing it. The account mode is a header, not part of the key: a mode switch resets the cache.
 */

export const useOverview = () => useApiQuery(contracts.wallet.list.path, {}, fetchOverview);

export const useAvailable = (wallet: WalletName, asset: string) =>
  useApiQuery(contracts.wallet.validAsset.path, { accountType: ACCOUNT_TYPE[wallet], asset }, () => fetchAvailable(wallet, asset));

/** The currencies with their chains and withdrawal limits (also what the transfer form lists). */
export const useCoins = () => useApiQuery(contracts.wallet.currencies.path, {}, fetchCoins);

export const useConvertCurrencies = () => useApiQuery(contracts.wallet.convertCurrencies.path, {}, fetchConvertCurrencies);

export const useDepositAddress = (asset: string, chain: string) =>
  useApiQuery(contracts.deposits.address.path, { asset, chain }, () => fetchDepositAddress(asset, chain), { enabled: Boolean(asset && chain) });

export const useAddresses = (filter: { asset?: string; chain?: string }, enabled = true) =>
  useApiQuery(contracts.withdrawals.addresses.path, filter, () => fetchAddresses(filter), { enabled });

/** The loan products and the loan rules, shown together. */
export function useLoanTerms() {
  const products = useApiQuery(contracts.loans.products.path, {}, fetchLoanProducts);
  const rules = useApiQuery(contracts.loans.rules.path, { type: 'loan' }, fetchLoanRules);
  const both = combineQueries(products, rules);
  return { ...both, data: both.data ? { products: both.data[0], rules: both.data[1] } : undefined };
}

export const useRepayAllEstimate = () => useApiQuery(contracts.loans.estimateAll.path, {}, estimateRepayAll);

export const useUnreadCount = (enabled: boolean) => useApiQuery(contracts.notifications.unreadCount.path, {}, fetchUnreadCount, { enabled });

export const useNotification = (id: string, enabled: boolean) =>
  useApiQuery(contracts.notifications.detail.path, { id }, () => fetchNotification(id), { enabled });

export const useNewsArticle = (id: string) => useApiQuery(contracts.news.detail.path, { id }, () => fetchNewsArticle(id));

// paged lists: the filter is the key's input, pages come and go within it
export const useAccountChanges = (wallet: WalletName, asset: string) =>
  useApiPaged(contracts.wallet.changes.path, { wallet, asset }, (page, size) => fetchAccountChanges({ page, size, wallet, asset }));
export const useTransferLog = () => useApiPaged(contracts.wallet.transferLog.path, {}, fetchTransferLog);
export const useConvertHistory = () => useApiPaged(contracts.wallet.convertHistory.path, {}, fetchConvertHistory);
export const useDeposits = () => useApiPaged(contracts.deposits.list.path, {}, (page, size) => fetchDeposits(page, size));
export const useWithdrawals = () => useApiPaged(contracts.withdrawals.list.path, {}, (page, size) => fetchWithdrawals(page, size));
export const useLoans = (status: LoanFilter) => useApiPaged(contracts.loans.list.path, { status }, (page, size) => fetchLoans({ status, page, size }));
export const usePayments = (loanId: string | undefined) =>
  useApiPaged(contracts.loans.paidHistory.path, { loanId }, (page, size) => fetchPayments({ loanId, page, size }));
export const useNotifications = (enabled = true) => useApiPaged(contracts.notifications.list.path, {}, fetchNotifications, { enabled });
export const useNews = () => useApiPaged(contracts.news.list.path, {}, fetchNews);

/** Every balance a money movement changes: wallet totals, what a wallet can spend, the account history. */
const BALANCES = [contracts.wallet.list.path, contracts.wallet.userAssetData.path, contracts.wallet.validAsset.path, contracts.wallet.changes.path];

/** What each mutation makes stale (the push table in shared says the same for changes the server announces). */
export const AFFECTED = {
  transfer: [...BALANCES, contracts.wallet.transferLog.path],
  convert: [...BALANCES, contracts.wallet.convertHistory.path],
  // the reset answers the new overview itself (set in the cache), so the list is not fetched again
  demoReset: [contracts.wallet.userAssetData.path, contracts.wallet.validAsset.path, contracts.wallet.changes.path, contracts.wallet.transferLog.path, contracts.wallet.convertHistory.path],
  withdraw: [...BALANCES, contracts.withdrawals.list.path],
  addressBook: [contracts.withdrawals.addresses.path],
  loanApply: [contracts.loans.list.path],
  loanRepay: [...BALANCES, contracts.loans.list.path, contracts.loans.paidHistory.path, contracts.loans.estimateAll.path, contracts.loans.estimateOne.path],
  notificationsRead: [contracts.notifications.list.path, contracts.notifications.unreadCount.path, contracts.notifications.detail.path],
  // opening a notification marks it read on the server: the list and the count (not the detail being shown)
  notificationOpened: [contracts.notifications.list.path, contracts.notifications.unreadCount.path],
} as const;

/** `invalidate('transfer')` after a successful transfer; resolves when the screens showing it have refetched. */
export function useInvalidate(): (what: keyof typeof AFFECTED) => Promise<void> {
  const client = useQueryClient();
  // stable, so screens may list it as an effect's dependency
  return useCallback((what) => invalidatePaths(client, AFFECTED[what]), [client]);
}
