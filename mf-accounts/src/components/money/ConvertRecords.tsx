import { PullToRefresh } from '@meridian/shared';
import { useConvertHistory } from '../../api/queries';
import { useT } from '../../i18n';
import { formatExact, formatPercent, formatRate, formatRecordTime } from './format';
import { LoadMore } from './parts';
import styles from './money.module.css';

/** The user's conversions (convertHistoryList), newest first, paged; a conversion (or its push) refreshes it. */
export function ConvertRecords({ table = false }: { table?: boolean }) {
  const { t } = useT();
  const paged = useConvertHistory();
  return (
    <PullToRefresh
      label={t('convertRecordsTitle')}
      onRefresh={paged.refresh}
      loading={paged.loading}
      error={paged.error && paged.items.length === 0}
      empty={!paged.loading && !paged.error && paged.items.length === 0}
      emptyTitle={t('conversionsEmpty')}
    >
      {table ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="convert-records">
            <thead>
              <tr>
                <th scope="col">{t('timeLabel')}</th>
                <th scope="col">{t('payLabel')}</th>
                <th scope="col">{t('receivedLabel')}</th>
                <th scope="col">{t('rateLabel')}</th>
                <th scope="col">{t('spreadLabel')}</th>
              </tr>
            </thead>
            <tbody>
              {paged.items.map((record) => (
                <tr key={record.id} data-testid="convert-record">
                  <td>{formatRecordTime(record.createdAt)}</td>
                  <td className={styles.down}>
                    −{formatExact(record.fromAmount)} {record.fromAsset}
                  </td>
                  <td className={styles.up}>
                    +{formatExact(record.toAmount)} {record.toAsset}
                  </td>
                  <td>{formatRate(record.rate)}</td>
                  <td>{formatPercent(record.spread)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className={styles.records} data-testid="convert-records">
          {paged.items.map((record) => (
            <li key={record.id} className={styles.record} data-testid="convert-record">
              <div className={styles.recordHead}>
                <span className={`${styles.num} ${styles.down}`}>
                  −{formatExact(record.fromAmount)} {record.fromAsset}
                </span>
                <span className={`${styles.num} ${styles.up}`}>
                  +{formatExact(record.toAmount)} {record.toAsset}
                </span>
              </div>
              <span className={styles.muted}>
                {t('rateLabel')}: 1 {record.fromAsset} ≈ {formatRate(record.rate)} {record.toAsset} · {t('spreadLabel')}: {formatPercent(record.spread)}
              </span>
              <span className={styles.muted}>{formatRecordTime(record.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore visible={paged.hasMore} busy={paged.loadingMore} failed={paged.moreFailed} onMore={() => void paged.loadMore()} />
    </PullToRefresh>
  );
}
