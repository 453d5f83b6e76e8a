import { useStore } from 'jotai';
import { trading } from '@meridian/contracts';
import { Button, showToast, useApiMutation, useApiPaged, formatQuoteAmount, formatQuotePrice, formatRecordTime } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import { type SpotConditional } from '../../api/trading';
import { useT, type Key } from '../../i18n';
import { useStatusText } from './texts';
import styles from './trade.module.css';

type Leg = SpotConditional['legs'][number];

const LEG_TYPE: Record<Leg['type'], Key> = { limit: 'legLimit', 'stop-limit': 'legStopLimit', 'stop-market': 'legStopMarket' };

/** One leg: what fires it and what it sells at, with its own status (the other leg shows "Cancelled" once one fired). */
function LegLine({ leg, decimals, coin }: { leg: Leg; decimals: number; coin: string }) {
  const { t } = useT();
  const status = useStatusText();
  const price = (value: string) => formatQuotePrice(value, decimals);
  return (
    <li data-testid={`conditional-leg-${leg.leg}`} data-status={leg.status}>
      <span className={styles.badge}>{t(leg.leg === 'tp' ? 'legTakeProfit' : 'legStop')}</span> {t(LEG_TYPE[leg.type])}{' '}
      {leg.type === 'limit'
        ? t('legSellAt', { price: price(leg.triggerPrice), coin })
        : t(leg.type === 'stop-limit' ? 'legStopLimitText' : 'legStopMarketText', { trigger: price(leg.triggerPrice), price: leg.price ? price(leg.price) : '' })}{' '}
      <span className={styles.badge}>{status(leg.status)}</span>
    </li>
  );
}

/** A TP/SL or OCO row of the open-orders list: both legs with their status, the quantity held, and Cancel. */
function ConditionalRow({ order }: { order: SpotConditional }) {
  const { t } = useT();
  const store = useStore();
  const status = useStatusText();
  const { busy, run } = useApiMutation(trading.spotConditionalCancel, { invalidates: AFFECTED.spotOrder });
  const cancel = async () => {
    const done = await run({ id: order.id });
    if (!done) return;
    showToast(store, t('orderCanceledToast'), 'success');
  };
  return (
    <li className={styles.row} data-testid="conditional-row" data-status={order.status}>
      <div className={styles.rowHead}>
        <span className={styles.rowTitle}>{order.symbol}</span>
        <span className={styles.badge}>{t(order.kind === 'oco' ? 'orderOco' : 'orderTpSl')}</span>
        <span className={styles.badge}>{status(order.status)}</span>
      </div>
      <p className={styles.muted}>
        {t('conditionalHeld', { quantity: formatQuoteAmount(order.quantity, order.amountDecimals), coin: order.base })} · {formatRecordTime(order.createdAt)}
      </p>
      <ul className={styles.legs}>
        {order.order ? (
          <li data-testid="conditional-fill">
            {t('colDone')}: {formatQuoteAmount(order.order.doneQuantity, order.amountDecimals)} {order.base}
            {order.order.averagePrice ? ` @ ${formatQuotePrice(order.order.averagePrice, order.priceDecimals)}` : ''}
          </li>
        ) : null}
        {order.legs.map((leg) => (
          <LegLine key={leg.leg} leg={leg} decimals={order.priceDecimals} coin={order.quote} />
        ))}
      </ul>
      {order.status === 'pending' ? (
        <div className={styles.rowActions}>
          <Button variant="secondary" disabled={busy} onClick={() => void cancel()} data-testid="cancel-conditional">
            {t('cancelOrder')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The pending (or finished) TP/SL and OCO sells: one query, shared by the list and the tab's count. */
export function useConditionalList(symbol: string | undefined, { enabled = true, finished = false }: { enabled?: boolean; finished?: boolean } = {}) {
  // the finished ones are those no longer open
  return useApiPaged(trading.spotConditionalList, { symbol: symbol || undefined, ...(finished ? { open: 'false' as const } : {}) }, { enabled });
}

/**
 * The TP/SL and OCO sells above the spot open orders (pending) or the history (`finished`: which leg fired, the
 * other cancelled); nothing when there are none.
 */
export function ConditionalOrders({ symbol, finished = false }: { symbol?: string; finished?: boolean }) {
  const { t } = useT();
  const list = useConditionalList(symbol, { finished });
  if (list.items.length === 0) return null;
  return (
    <section aria-label={t('conditionalListTitle')} data-testid="conditional-orders">
      <ul className={styles.rows}>
        {list.items.map((order) => (
          <ConditionalRow key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}
