import type { StockOrderView } from '@meridian/contracts';
import { formatExact, formatScreenTime } from '@meridian/shared';
import { useT, type Key } from '../../../../i18n';
import styles from '../../../../stock-core/stock.module.css';

const STATUS: Record<StockOrderView['status'], Key> = { pending: 'stockStatusPending', completed: 'stockStatusCompleted', canceled: 'stockStatusCanceled', expired: 'stockStatusExpired' };

/** Stock orders as rows: side and symbol, shares done of asked, average price, status; "session end" when closed at the close. */
export function OrderRows({ orders, testId }: { orders: readonly StockOrderView[]; testId: string }) {
  const { t } = useT();
  return (
    <ul className={styles.list} data-testid={testId}>
      {orders.map((o) => (
        <li key={o.id} className={styles.item} data-testid={`order-${o.id}`}>
          <span className={styles.name}>
            <strong>{`${o.side === 'buy' ? t('stockBuy') : t('stockSell')} ${o.symbol}`}</strong>
            <span className={styles.muted}>{formatScreenTime(Date.parse(o.createdAt), 'utc', { upTo: 'minute', zoneLabel: true })}</span>
            {o.origin === 'sessionEnd' ? <span className={styles.muted} data-testid="close-type-session-end">{t('dayCloseSessionEnd')}</span> : null}
          </span>
          <span className={styles.figure}>
            {`${o.doneShares}/${o.shares}`}
            {o.averagePrice ? ` @ ${formatExact(o.averagePrice)} ${o.currency}` : ''}
            <br />
            <span className={styles.muted}>{t(STATUS[o.status])}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
