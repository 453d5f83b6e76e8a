import { useSearchParams } from 'react-router-dom';
import { stockOrders } from '@meridian/contracts';
import { AppLink, Card, NotFoundState, Page, QueryState, formatExact, formatPrice, formatSigned, useApiQuery } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import { orderHref, usePositions } from '../../../../stock-core/api';
import styles from '../../../../stock-core/stock.module.css';
import { OrderRows } from '../index/OrderRows';

/** /pages/stock/day-trading/position-detail?symbol= — one day-trading position and its orders. */
export function DayPositionDetailPage() {
  const { t, tc } = useT();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim();
  const positions = usePositions('dayTrading');
  const orders = useApiQuery(stockOrders.listStockSubPosition, { book: 'dayTrading', symbol, kind: 'all', size: 50 }, { enabled: symbol !== '' });
  const back = <AppLink className={styles.link} href={P.dayTrading}>{tc('backTo', { area: t('dayTradingTitle') })}</AppLink>;
  if (!symbol) return <Page title={t('dayPositionDetailTitle')}><NotFoundState>{back}</NotFoundState></Page>;
  const p = positions.data?.find((x) => x.symbol === symbol);
  return (
    <Page title={`${t('dayPositionDetailTitle')} · ${symbol}`}>
      <Card className={styles.card}>
        {p ? (
          <dl className={styles.facts} data-testid="day-position">
            <dt>{t('stockShares')}</dt>
            <dd>{p.shares}</dd>
            <dt>{t('stockCostPrice')}</dt>
            <dd>{`${formatPrice(p.costPrice, null)} ${p.currency}`}</dd>
            <dt>{t('stockNowPrice')}</dt>
            <dd>{`${formatPrice(p.nowPrice, null)} ${p.currency}`}</dd>
            <dt>{t('stockSellPrice')}</dt>
            <dd>{`${formatPrice(p.sellPrice, null)} ${p.currency}`}</dd>
            <dt>{t('stockMarketValue')}</dt>
            <dd>{`${formatExact(p.marketValue)} ${p.currency}`}{p.marketValueUsdt ? ` · ${formatExact(p.marketValueUsdt.value)} USDT` : ''}</dd>
            <dt>{t('stockTotalPnl')}</dt>
            <dd>{`${formatSigned(p.pnl, 2)} ${p.currency}`}{p.pnlUsdt !== null ? ` · ${formatSigned(p.pnlUsdt, 2)} USDT` : ''}</dd>
          </dl>
        ) : positions.data ? (
          <p className={styles.muted}>{t('dayPositionClosed')}</p>
        ) : null}
        <div className={styles.links}>
          <AppLink className={styles.chip} href={orderHref(symbol, 'buy', 'dayTrading')}>{t('stockBuy')}</AppLink>
          <AppLink className={styles.chip} href={orderHref(symbol, 'sell', 'dayTrading')}>{t('stockSell')}</AppLink>
        </div>
      </Card>
      <Card className={styles.card}>
        <h2 className={styles.title}>{t('dayOrders')}</h2>
        <QueryState query={orders} isEmpty={(d) => d.list.length === 0} emptyTitle={t('dayNoOrders')}>
          {(d) => <OrderRows orders={d.list} testId="day-position-orders" />}
        </QueryState>
        {back}
      </Card>
    </Page>
  );
}
