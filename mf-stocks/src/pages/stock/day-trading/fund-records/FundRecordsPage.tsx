import { stockOrders } from '@meridian/contracts';
import { AppLink, Card, Page, QueryState, formatExact, formatScreenTime, useApiQuery } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import styles from '../../../../stock-core/stock.module.css';

/** /pages/stock/day-trading/fund-records — the transfers into and out of the day-trading wallet, newest first. */
export function DayFundRecordsPage() {
  const { t, tc } = useT();
  const records = useApiQuery(stockOrders.dayTradingTransfers, { size: 50 });
  return (
    <Page title={t('dayFundRecordsTitle')}>
      <Card className={styles.card}>
        <QueryState query={records} isEmpty={(d) => d.list.length === 0} emptyTitle={t('dayNoRecords')}>
          {(d) => (
            <ul className={styles.list} data-testid="day-records">
              {d.list.map((r) => (
                <li key={r.id} className={styles.item}>
                  <span className={styles.name}>
                    <strong>{r.direction === 'deposit' ? t('daySwitchToTitle') : t('dayRollOutTitle')}</strong>
                    <span className={styles.muted}>{formatScreenTime(Date.parse(r.createdAt), 'utc', { upTo: 'minute', zoneLabel: true })}</span>
                  </span>
                  <span className={styles.figure}>{`${r.direction === 'deposit' ? '+' : '−'}${formatExact(r.amount)} USDT`}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <AppLink className={styles.link} href={P.dayTrading}>{tc('backTo', { area: t('dayTradingTitle') })}</AppLink>
      </Card>
    </Page>
  );
}
