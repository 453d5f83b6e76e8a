import { useState } from 'react';
import { AppLink, EmptyState, ErrorState, Spinner } from '@meridian/shared';
import { useT } from '../i18n';
import { useOrders } from './api';
import { money } from './format';
import styles from './c2c.module.css';

/** The user's orders as buyer or seller, in progress or all, each opening its order screen. */
export function Orders({ orderHref }: { orderHref: (id: string) => string }) {
  const { t } = useT();
  const [status, setStatus] = useState<'' | 'active'>('active');
  const orders = useOrders(status);
  return (
    <section className={styles.stack} aria-labelledby="c2c-orders-title">
      <h2 id="c2c-orders-title" className={styles.title}>{t('c2cMyOrders')}</h2>
      <div className={styles.tabs} role="tablist" aria-label={t('c2cMyOrders')}>
        {(['active', ''] as const).map((s) => (
          <button key={s || 'all'} type="button" role="tab" className={styles.tab} aria-selected={status === s} onClick={() => setStatus(s)}>
            {t(s ? 'c2cInProgress' : 'c2cAllOrders')}
          </button>
        ))}
      </div>
      {orders.isPending ? <Spinner label={t('c2cLoading')} /> : orders.isError ? <ErrorState title={t('c2cLoadFailed')} onRetry={() => void orders.refetch()} /> : orders.data.list.length === 0 ? (
        <EmptyState title={t('c2cNoOrders')} />
      ) : (
        <ul className={styles.cards} data-testid="c2c-orders">
          {orders.data.list.map((o) => (
            <li key={o.id} className={styles.card}>
              <div className={styles.spread}>
                <AppLink href={orderHref(o.id)} data-testid={`c2c-order-link-${o.id}`}>
                  {t(o.role === 'buyer' ? 'c2cOrderBuyTitle' : 'c2cOrderSellTitle', { quantity: money(o.quantity, o.asset), id: o.id })}
                </AppLink>
                <span className={styles.badge}>{t(`c2cStatus_${o.status}`)}</span>
              </div>
              <p className={styles.muted}>{`${money(o.total, o.fiat)} · ${o.counterparty}`}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
