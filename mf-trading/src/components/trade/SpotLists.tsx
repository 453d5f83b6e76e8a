import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'jotai';
import { trading } from '@meridian/contracts';
import { amountDecimals, Button, formatFee, formatMoney, priceDecimals as coinPriceDecimals, QueryState, showToast, useApiMutation, useApiPaged, useApiQuery, formatQuoteAmount, formatQuotePrice, formatRecordTime } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import { type SpotHolding, type SpotOrder } from '../../api/trading';
import { useT } from '../../i18n';
import { P } from '../../paths';
import { ConditionalOrders, useConditionalList } from './ConditionalOrders';
import { detailUrl, Facts, HoldingHead, PagedRows, SideBadge } from './listParts';
import { SpotOrderTable } from './ListTables';
import { useStatusText } from './texts';
import styles from './trade.module.css';

/** The spot lists under the order form: open orders (with the TP/SL and OCO sells) and history, as cards or a table, and the holdings. */

function SpotOrderRow({ order, actions }: { order: SpotOrder; actions?: ReactNode }) {
  const { t } = useT();
  const status = useStatusText();
  const prices = coinPriceDecimals(order.symbol);
  const amounts = amountDecimals(order.symbol);
  return (
    <li className={styles.row} data-testid="spot-order-row" data-status={order.status}>
      <div className={styles.rowHead}>
        <Link className={styles.rowTitle} to={detailUrl(P.spotOrderDetail, 'orderId', order.id)}>
          {order.symbol}
        </Link>
        <SideBadge side={order.side} />
        <span className={styles.badge}>{t(order.type === 'limit' ? 'orderLimit' : 'orderMarket')}</span>
        <span className={styles.badge}>{status(order.status)}</span>
      </div>
      <Facts
        items={[
          ['colPrice', order.price ? formatQuotePrice(order.price, prices) : t('orderMarket')],
          ['colQuantity', order.quantity ? formatQuoteAmount(order.quantity, amounts) : `${order.amount ? formatMoney(order.amount) : '—'} ${order.quote}`],
          ['colDone', `${formatQuoteAmount(order.doneQuantity, amounts)}${order.averagePrice ? ` @ ${formatQuotePrice(order.averagePrice, prices)}` : ''}`],
          ['colFee', `${formatFee(order.fee, { asset: order.feeAsset })} ${order.feeAsset}`],
          ['colTime', formatRecordTime(order.createdAt)],
        ]}
      />
      {actions ? <div className={styles.rowActions}>{actions}</div> : null}
    </li>
  );
}

export function SpotOpenOrders({ symbol, table }: { symbol?: string; table: boolean }) {
  const { t } = useT();
  const store = useStore();
  const { busy, run } = useApiMutation(trading.spotDelete, { invalidates: AFFECTED.spotOrder });
  const list = useApiPaged(trading.spotList, { symbol: symbol || undefined });
  // with a TP/SL or OCO pending, an empty list of plain orders is not "no open orders"
  const conditionals = useConditionalList(symbol);
  const cancel = async (order: SpotOrder) => {
    const done = await run({ orderId: order.id });
    if (!done) return;
    showToast(store, t('orderCanceledToast'), 'success');
  };
  const cancelButton = (order: SpotOrder) => (
    <Button variant="secondary" disabled={busy} onClick={() => void cancel(order)} data-testid="cancel-spot-order">
      {t('cancelOrder')}
    </Button>
  );
  return (
    <>
      <ConditionalOrders symbol={symbol} />
      {list.items.length === 0 && conditionals.items.length > 0 ? null : (
        <PagedRows list={list} empty="noOpenOrders" table={table ? (rows) => <SpotOrderTable rows={rows} action={cancelButton} caption="tabOpenOrders" /> : undefined}>
          {(order: SpotOrder) => <SpotOrderRow key={order.id} order={order} actions={cancelButton(order)} />}
        </PagedRows>
      )}
    </>
  );
}

export function SpotHistory({ symbol, table }: { symbol?: string; table: boolean }) {
  const list = useApiPaged(trading.spotHistory, { symbol: symbol || undefined });
  return (
    <>
      <ConditionalOrders symbol={symbol} finished />
      <PagedRows list={list} empty="noHistory" table={table ? (rows) => <SpotOrderTable rows={rows} caption="tabHistory" /> : undefined}>
        {(order: SpotOrder) => <SpotOrderRow key={order.id} order={order} />}
      </PagedRows>
    </>
  );
}

function HoldingRow({ holding }: { holding: SpotHolding }) {
  const { t } = useT();
  return (
    <li className={styles.row} data-testid="holding-row">
      <HoldingHead
        holding={holding}
        title={
          <Link className={styles.rowTitle} to={detailUrl(P.spotPositionDetail, 'asset', holding.asset)}>
            {holding.asset}
          </Link>
        }
      />
      <Facts
        items={[
          ['colQuantity', formatQuoteAmount(holding.quantity, holding.amountDecimals)],
          ['colAverageCost', holding.averageCost ? formatQuotePrice(holding.averageCost, holding.priceDecimals) : '—'],
          ['colPrice', formatQuotePrice(holding.price, holding.priceDecimals)],
          ['colMarketValue', `${formatMoney(holding.marketValue)} USDT`],
          ['colFrozen', formatQuoteAmount(holding.frozen, holding.amountDecimals)],
        ]}
      />
      <p className={styles.note}>{t('holdingValuedAtBid')}</p>
    </li>
  );
}

export function SpotHoldings() {
  const holdings = useApiQuery(trading.spotHoldings, {});
  const { t } = useT();
  return (
    <QueryState query={holdings} isEmpty={(rows) => rows.length === 0} emptyTitle={t('noHoldings')} errorTitle={t('listFailed')}>
      {(rows) => (
        <ul className={styles.rows}>
          {rows.map((holding) => (
            <HoldingRow key={holding.asset} holding={holding} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
