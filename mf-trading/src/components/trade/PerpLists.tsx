import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'jotai';
import { perpetual } from '@meridian/contracts';
import { amountDecimals, Button, formatMoney, formatPercent, priceDecimals as coinPriceDecimals, QueryState, showToast, useApiMutation, useApiPaged, useApiQuery, formatQuoteAmount, formatQuotePrice, formatRecordTime, formatSignedPercent } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import { type PerpOrder, type Position } from '../../api/trading';
import { useT } from '../../i18n';
import { P } from '../../paths';
import { AdlIndicator } from './AdlIndicator';
import { ClosePositionDialog } from './ClosePositionDialog';
import { detailUrl, Facts, PagedRows, SideBadge, Signed } from './listParts';
import { ClosedPositionTable, PerpOrderTable, PositionTable } from './ListTables';
import { ORDER_TYPE_TEXT, orderTypeFacts, TRAILING_REFRESH_MS } from './orderTypes';
import { PositionActions } from './PositionActions';
import { TpSlDialog } from './TpSlDialog';
import { useLivePosition } from './useLivePosition';
import { useStatusText } from './texts';
import styles from './trade.module.css';

/** The perpetual lists under the order form: open positions, resting orders and closed positions, as cards or tables. */

export function PositionRow({
  position,
  onClose,
  onTpSl,
  size,
  priceDecimals = null,
}: {
  position: Position;
  onClose: (position: Position) => void;
  onTpSl: (position: Position) => void;
  /** The size as the product states it (a forex position's lots); the quantity otherwise. */
  size?: string;
  /** The instrument's price decimals, when the row knows them (the magnitude of each price otherwise). */
  priceDecimals?: number | null;
}) {
  const { t } = useT();
  const live = useLivePosition(position);
  const prices = priceDecimals ?? coinPriceDecimals(position.symbol);
  return (
    <li className={styles.row} data-testid="position-row" data-side={position.side}>
      <div className={styles.rowHead}>
        <Link className={styles.rowTitle} to={detailUrl(P.perpetualPositionDetail, 'positionId', position.id)}>
          {position.symbol}
        </Link>
        <SideBadge side={position.side} />
        <span className={styles.badge}>{`${t(position.marginMode === 'cross' ? 'marginCross' : 'marginIsolated')} ${t('leverageValue', { leverage: String(position.leverage) })}`}</span>
        <Signed value={live.unrealisedPnl} suffix={` (${formatSignedPercent(live.pnlPercent)})`} />
        <AdlIndicator rank={position.adlRank} />
      </div>
      <Facts
        items={[
          ['colQuantity', size ?? formatQuoteAmount(position.quantity, amountDecimals(position.symbol))],
          ['colEntry', formatQuotePrice(position.entryPrice, prices)],
          ['colMark', formatQuotePrice(live.markPrice, prices)],
          ['colLiquidation', position.liquidationPrice ? formatQuotePrice(position.liquidationPrice, prices) : t('noLiquidation')],
          ['colMargin', `${formatMoney(position.margin)} USDT`],
          ['colMarginRatio', formatPercent(position.marginRatio)],
          ['colTp', position.takeProfit ? formatQuotePrice(position.takeProfit, prices) : '—'],
          ['colSl', position.stopLoss ? formatQuotePrice(position.stopLoss, prices) : '—'],
        ]}
      />
      <div className={styles.rowActions}>
        <PositionActions position={position} prices={prices} onClose={onClose} onTpSl={onTpSl} />
      </div>
    </li>
  );
}

export function Positions({ symbol, table }: { symbol?: string; table: boolean }) {
  const { t } = useT();
  const positions = useApiQuery(perpetual.openList, {});
  const [closing, setClosing] = useState<Position | null>(null);
  const [editing, setEditing] = useState<Position | null>(null);
  const shown = (rows: Position[]) => (symbol ? rows.filter((p) => p.symbol === symbol) : rows);
  return (
    <>
      <QueryState query={positions} isEmpty={(rows) => shown(rows).length === 0} emptyTitle={t('noPositions')} errorTitle={t('listFailed')}>
        {(rows) =>
          table ? (
            <PositionTable rows={shown(rows)} onClose={setClosing} onTpSl={setEditing} />
          ) : (
          <ul className={styles.rows}>
            {shown(rows).map((position) => (
              <PositionRow key={position.id} position={position} onClose={setClosing} onTpSl={setEditing} />
            ))}
          </ul>
          )
        }
      </QueryState>
      {closing ? <ClosePositionDialog position={closing} onClose={() => setClosing(null)} /> : null}
      {editing ? <TpSlDialog position={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

export function PerpOrders({ symbol, table }: { symbol?: string; table: boolean }) {
  const { t } = useT();
  const store = useStore();
  const { busy, run } = useApiMutation(perpetual.cancelPosition, { invalidates: AFFECTED.positionOrder });
  const status = useStatusText();
  // a waiting trailing stop's trigger moves with the price: re-read while one waits (the server keeps it as it moves)
  const orders = useApiQuery(perpetual.limitList, {}, {
    refetchInterval: (query) => (query.state.data?.some((o) => o.type === 'trailing_stop') ? TRAILING_REFRESH_MS : false),
  });
  const shown = (rows: PerpOrder[]) => (symbol ? rows.filter((o) => o.symbol === symbol) : rows);
  const cancel = async (order: PerpOrder) => {
    const done = await run({ orderId: order.id });
    if (!done) return;
    showToast(store, t('orderCanceledToast'), 'success');
  };
  const cancelButton = (order: PerpOrder) => (
    <Button variant="secondary" disabled={busy} onClick={() => void cancel(order)} data-testid="cancel-perp-order">
      {t('cancelOrder')}
    </Button>
  );
  return (
    <QueryState query={orders} isEmpty={(rows) => shown(rows).length === 0} emptyTitle={t('noOpenOrders')} errorTitle={t('listFailed')}>
      {(rows) => table ? <PerpOrderTable rows={shown(rows)} action={cancelButton} /> : (
        <ul className={styles.rows}>
          {shown(rows).map((order) => (
            <li key={order.id} className={styles.row} data-testid="perp-order-row">
              <div className={styles.rowHead}>
                <span className={styles.rowTitle}>{order.symbol}</span>
                <SideBadge side={order.side} />
                <span className={styles.badge} data-testid="perp-order-type">{`${t(ORDER_TYPE_TEXT[order.type])} · ${t('leverageValue', { leverage: String(order.leverage) })}`}</span>
                <span className={styles.badge}>{status(order.status)}</span>
              </div>
              <Facts
                items={[
                  ['colPrice', order.price ? formatQuotePrice(order.price, coinPriceDecimals(order.symbol)) : '—'],
                  ...orderTypeFacts(order, coinPriceDecimals(order.symbol), t),
                  ['colQuantity', formatQuoteAmount(order.quantity, amountDecimals(order.symbol))],
                  ['colMargin', `${formatMoney(order.margin)} USDT`],
                  ['colTp', order.takeProfit ? formatQuotePrice(order.takeProfit, coinPriceDecimals(order.symbol)) : '—'],
                  ['colSl', order.stopLoss ? formatQuotePrice(order.stopLoss, coinPriceDecimals(order.symbol)) : '—'],
                  ['colTime', formatRecordTime(order.createdAt)],
                ]}
              />
              <div className={styles.rowActions}>{cancelButton(order)}</div>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export function PerpHistory({ symbol, table }: { symbol?: string; table: boolean }) {
  const { t } = useT();
  const closeType = useStatusText();
  const list = useApiPaged(perpetual.closeList, { symbol: symbol || undefined });
  return (
    <PagedRows list={list} empty="noHistory" table={table ? (rows) => <ClosedPositionTable rows={rows} /> : undefined}>
      {(position: Position) => (
        <li key={position.id} className={styles.row} data-testid="closed-position-row" data-close-type={position.closeType ?? ''}>
          <div className={styles.rowHead}>
            <Link className={styles.rowTitle} to={detailUrl(P.perpetualHistoryDetail, 'positionId', position.id)}>
              {position.symbol}
            </Link>
            <SideBadge side={position.side} />
            <Signed value={position.realisedPnl} suffix={` (${formatSignedPercent(position.pnlPercent)})`} />
          </div>
          <Facts
            items={[
              ['colCloseType', position.closeType ? closeType(position.closeType) : '—'],
              ['colCloseTime', position.closeTime ? formatRecordTime(position.closeTime) : '—'],
              ['colQuantity', formatQuoteAmount(position.quantity, amountDecimals(position.symbol))],
              ['colEntry', formatQuotePrice(position.entryPrice, coinPriceDecimals(position.symbol))],
              ['colClosePrice', position.closePrice ? formatQuotePrice(position.closePrice, coinPriceDecimals(position.symbol)) : '—'],
            ]}
          />
          <p className={styles.note}>{t('historyDetailHint')}</p>
        </li>
      )}
    </PagedRows>
  );
}
