import { PullToRefresh, formatExact, formatScreenTime, orZero } from '@meridian/shared';
import { useTransferLog } from '../../api/queries';
import { useT } from '../../i18n';
import { LoadMore, useWalletNames } from './parts';
import styles from './money.module.css';

/** The user's transfers between wallets (getTransferLog), newest first, paged; a transfer (or its push) refreshes it. */
export function TransferRecords({ table = false }: { table?: boolean }) {
  const { t } = useT();
  const walletName = useWalletNames();
  const paged = useTransferLog();
  return (
    <PullToRefresh
      label={t('transferRecordsTitle')}
      onRefresh={paged.refresh}
      loading={paged.loading}
      error={paged.error && paged.items.length === 0}
      empty={!paged.loading && !paged.error && paged.items.length === 0}
      emptyTitle={t('transfersEmpty')}
    >
      {table ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="transfer-records">
            <thead>
              <tr>
                <th scope="col">{t('timeLabel')}</th>
                <th scope="col" className={styles.tableLeft}>
                  {t('fromLabel')}
                </th>
                <th scope="col" className={styles.tableLeft}>
                  {t('toLabel')}
                </th>
                <th scope="col">{t('amountLabel')}</th>
              </tr>
            </thead>
            <tbody>
              {paged.items.map((record) => (
                <tr key={record.id} data-testid="transfer-record">
                  <td>{formatScreenTime(record.createdAt, 'utc', { zoneLabel: true })}</td>
                  <td className={styles.tableLeft}>{walletName(record.fromWallet)}</td>
                  <td className={styles.tableLeft}>{walletName(record.toWallet)}</td>
                  <td>
                    {formatExact(orZero(record.amount))} {record.asset}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className={styles.records} data-testid="transfer-records">
          {paged.items.map((record) => (
            <li key={record.id} className={styles.record} data-testid="transfer-record">
              <div className={styles.recordHead}>
                <span>
                  {walletName(record.fromWallet)} → {walletName(record.toWallet)}
                </span>
                <span className={styles.num}>
                  {formatExact(orZero(record.amount))} {record.asset}
                </span>
              </div>
              <span className={styles.muted}>{formatScreenTime(record.createdAt, 'utc', { zoneLabel: true })}</span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore visible={paged.hasMore} busy={paged.loadingMore} failed={paged.moreFailed} onMore={() => void paged.loadMore()} />
    </PullToRefresh>
  );
}
