import { deposits, loans, news, notifications, wallet, withdrawals } from '@meridian/contracts';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { combineQueries, invalidateGroups, useApiPaged, useApiQuery } from '@meridian/shared';
import { ACCOUNT_TYPE, availableOf, currenciesOf, type WalletName } from './wallet';
import { coinsOf, type Deposit } from './deposit';
import { addressesOf } from './withdraw';
import { productsOf, rulesOf, type LoanFilter } from './loan';
import { notificationOf, unreadCountOf } from './notification';

/**
 * The money screens' reads, through the page's QueryClient: `useApiQuery(contract, input)` keys each `[path,
 * input]` with exactly the input the call sends and caches the contract's own data (`select` gives a screen its
 * shape), so a mutation or a live push that invalidates `[path]` refreshes every screen showing it, whichever
 * remote shows it. The account mode is a header, not part of the key: a mode switch resets the cache.
 */

export const useOverview = () => useApiQuery(wallet.list);

export const useAvailable = (name: WalletName, asset: string) => useApiQuery(wallet.validAsset, { accountType: ACCOUNT_TYPE[name], asset }, { select: availableOf });

/** The currencies with their chains and withdrawal limits (also what the transfer form lists). */
export const useCoins = () => useApiQuery(wallet.currencies, undefined, { select: coinsOf });

export const useConvertCurrencies = () => useApiQuery(wallet.convertCurrencies, undefined, { select: currenciesOf });

export const useDepositAddress = (asset: string, chain: string) => useApiQuery(deposits.address, { asset, chain }, { enabled: Boolean(asset && chain) });

export const useAddresses = (filter: { asset?: string; chain?: string }, enabled = true) => useApiQuery(withdrawals.addresses, filter, { enabled, select: addressesOf });

/** The loan products and the loan rules, shown together. */
export function useLoanTerms() {
  const products = useApiQuery(loans.products, undefined, { select: productsOf });
  const rules = useApiQuery(loans.rules, { type: 'loan' }, { select: rulesOf });
  const both = combineQueries(products, rules);
  return { ...both, data: both.data ? { products: both.data[0], rules: both.data[1] } : undefined };
}

export const useRepayAllEstimate = () => useApiQuery(loans.estimateAll);

export const useUnreadCount = (enabled: boolean) => useApiQuery(notifications.unreadCount, undefined, { enabled, select: unreadCountOf });

export const useNotification = (id: string, enabled: boolean) => useApiQuery(notifications.detail, { id }, { enabled, select: notificationOf });

export const useNewsArticle = (id: string) => useApiQuery(news.detail, { id });

// paged lists: the filter is the key's input, pages come and go within it
export const useAccountChanges = (name: WalletName, asset: string) => useApiPaged(wallet.changes, { wallet: name, asset });
export const useTransferLog = () => useApiPaged(wallet.transferLog, {});
export const useConvertHistory = () => useApiPaged(wallet.convertHistory, {});
/** The deposits; `refreshEvery` decides from the rows shown how often they are read again (while one waits for confirmations). */
export const useDeposits = (refreshEvery?: (rows: Deposit[]) => number | false) => useApiPaged(deposits.list, {}, { refetchInterval: refreshEvery ?? false });
export const useWithdrawals = () => useApiPaged(withdrawals.list, {});
export const useLoans = (status: LoanFilter) => useApiPaged(loans.list, status ? { status } : {});
export const usePayments = (loanId: string | undefined) => useApiPaged(loans.paidHistory, loanId ? { loanId } : {});
export const useNotifications = (enabled = true) => useApiPaged(notifications.list, {}, { enabled, row: notificationOf });
export const useNews = () => useApiPaged(news.list, {});

/**
 * The invalidation groups this remote's writes name: push.invalidations entries of meridian.routes.json, the
 * same queries the live push of each name makes stale (declared there once, for both).
 */
export const STALE_GROUPS = ['TRANSFER', 'CONVERT', 'WITHDRAW', 'LOAN', 'NOTIFICATION', 'ADDRESS_BOOK', 'DEPOSIT_ADDRESSES', 'DEMO_RESET'] as const;
export type Stale = (typeof STALE_GROUPS)[number];

/** `invalidate('TRANSFER')` after a successful write that is not one useApiMutation call; resolves when the screens showing it have refetched. */
export function useInvalidate(): (...groups: Stale[]) => Promise<void> {
  const client = useQueryClient();
  // stable, so screens may list it as an effect's dependency
  return useCallback((...groups: Stale[]) => invalidateGroups(client, groups), [client]);
}
