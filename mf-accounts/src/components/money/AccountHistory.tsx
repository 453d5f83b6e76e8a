import Decimal from 'decimal.js';
import { PullToRefresh, decimalsOf, formatScreenTime, formatSigned, orZero } from '@meridian/shared';
import { useAccountChanges } from '../../api/queries';
import { type AccountChange, type WalletName } from '../../api/wallet';
import { useT, type Key } from '../../i18n';
import { LoadMore, useWalletNames } from './parts';
import styles from './money.module.css';

/** The ledger's causes of a change, as the server names them. */
const CAUSE_KEYS: Record<string, Key> = {
  transfer: 'causeTransfer',
  convert: 'causeConvert',
  deposit: 'causeDeposit',
  withdrawal: 'causeWithdrawal',
  withdrawal_fee: 'causeFee',
  fee: 'causeFee',
  loan: 'causeLoan',
  loan_repay: 'causeLoanRepay',
  demo_issue: 'causeDemoIssue',
  demo_reset: 'causeDemoReset',
};

export function useCauseName() {
  const { t } = useT();
  return (cause: string) => {
    const key = CAUSE_KEYS[cause];
    return key ? t(key) : `${t('causeOther')} (${cause})`;
  };
}

const sign = (amount: string) => {
  try {
    return new Decimal(amount).comparedTo(0);
  } catch {
    return 0;
  }
};

/**
 * The account change history of one wallet and asset (accountchange/list): cause, signed amount, the other
 * account of the move and the time, newest first, paged, pull down to refresh.
 */
export function AccountHistory({ wallet, asset, table = false, title }: { wallet: WalletName; asset: string; table?: boolean; title?: string }) {
  const { t } = useT();
  const walletName = useWalletNames();
  const causeName = useCauseName();
  const paged = useAccountChanges(wallet, asset);

  const counterparty = (change: AccountChange) => {
    // a move between the available and frozen parts of the same wallet (a pending withdrawal, an order)
    if (change.counterparty === change.wallet) return t(change.part === 'frozen' ? 'partAvailable' : 'partFrozen');
    return walletName(change.counterparty);
  };
  const amountClass = (amount: string) => (sign(amount) > 0 ? styles.up : sign(amount) < 0 ? styles.down : '');

  return (
    <section className={styles.stack} aria-labelledby="history-title">
      <h2 id="history-title" className={styles.sectionTitle}>
        {title ?? t('accountHistoryTitle')}
      </h2>
      <PullToRefresh
        label={t('accountHistoryTitle')}
        onRefresh={paged.refresh}
        loading={paged.loading}
        error={paged.error && paged.items.length === 0}
        empty={!paged.loading && !paged.error && paged.items.length === 0}
        emptyTitle={t('historyEmpty')}
      >
        {table ? (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="history-table">
              <thead>
                <tr>
                  <th scope="col">{t('timeLabel')}</th>
                  <th scope="col" className={styles.tableLeft}>
                    {t('causeLabel')}
                  </th>
                  <th scope="col" className={styles.tableLeft}>
                    {t('counterpartyLabel')}
                  </th>
                  <th scope="col">{t('amountLabel')}</th>
                </tr>
              </thead>
              <tbody>
                {paged.items.map((change) => (
                  <tr key={`${change.id}:${change.part}:${change.amount}`} data-testid="history-row">
                    <td>{formatScreenTime(change.createdAt, 'utc', { zoneLabel: true })}</td>
                    <td className={styles.tableLeft}>
                      {causeName(change.causeType)}
                      {change.part === 'frozen' ? <span className={styles.muted}> · {t('partFrozen')}</span> : null}
                    </td>
                    <td className={styles.tableLeft}>{counterparty(change)}</td>
                    <td className={amountClass(change.amount)}>
                      {formatSigned(orZero(change.amount), decimalsOf(orZero(change.amount)))} {change.asset}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul className={styles.records}>
            {paged.items.map((change) => (
              <li key={`${change.id}:${change.part}:${change.amount}`} className={styles.record} data-testid="history-row">
                <div className={styles.recordHead}>
                  <span>
                    {causeName(change.causeType)}
                    {change.part === 'frozen' ? <span className={styles.muted}> · {t('partFrozen')}</span> : null}
                  </span>
                  <span className={`${styles.num} ${amountClass(change.amount)}`}>
                    {formatSigned(orZero(change.amount), decimalsOf(orZero(change.amount)))} {change.asset}
                  </span>
                </div>
                <div className={styles.spread}>
                  <span className={styles.muted}>
                    {t('counterpartyLabel')}: {counterparty(change)}
                  </span>
                  <span className={styles.muted}>{formatScreenTime(change.createdAt, 'utc', { zoneLabel: true })}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <LoadMore visible={paged.hasMore} busy={paged.loadingMore} failed={paged.moreFailed} onMore={() => void paged.loadMore()} />
      </PullToRefresh>
    </section>
  );
}
