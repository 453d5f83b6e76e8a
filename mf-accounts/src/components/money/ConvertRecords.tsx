import { PullToRefresh, formatExact, formatPercent, formatRate, formatScreenTime, orZero, percentOf } from '@meridian/shared';
import { useConvertHistory } from '../../api/queries';
import { useT } from '../../i18n';
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
                  <td>{formatScreenTime(record.createdAt, 'utc', { zoneLabel: true })}</td>
                  <td className={styles.down}>
                    −{formatExact(orZero(record.fromAmount))} {record.fromAsset}
                  </td>
                  <td className={styles.up}>
                    +{formatExact(orZero(record.toAmount))} {record.toAsset}
                  </td>
                  <td>{formatRate(orZero(record.rate))}</td>
                  <td>{formatPercent(percentOf(orZero(record.spread)), { rounding: 'up' })}</td>
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
                  −{formatExact(orZero(record.fromAmount))} {record.fromAsset}
                </span>
                <span className={`${styles.num} ${styles.up}`}>
                  +{formatExact(orZero(record.toAmount))} {record.toAsset}
                </span>
              </div>
              <span className={styles.muted}>
                {t('rateLabel')}: 1 {record.fromAsset} ≈ {formatRate(orZero(record.rate))} {record.toAsset} · {t('spreadLabel')}: {formatPercent(percentOf(orZero(record.spread)), { rounding: 'up' })}
              </span>
              <span className={styles.muted}>{formatScreenTime(record.createdAt, 'utc', { zoneLabel: true })}</span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore visible={paged.hasMore} busy={paged.loadingMore} failed={paged.moreFailed} onMore={() => void paged.loadMore()} />
    </PullToRefresh>
  );
}
