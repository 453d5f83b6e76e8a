import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'jotai';
import { perpetual, trading } from '@meridian/contracts';
import {
  amountDecimals,
  Button,
  EmptyState,
  QueryState,
  Spinner,
  ErrorState,
  formatFee,
  formatMoney,
  formatPercent,
  priceDecimals as coinPriceDecimals,
  showToast,
  useApiPaged,
  useApiQuery,
  useIsLoggedIn,
  useQueryClient,
} from '@meridian/shared';
import {
  cancelPerpOrder,
  cancelSpotOrder,
  fetchClosedPositions,
  fetchPerpOrders,
  fetchPositions,
  fetchSpotHistory,
  fetchSpotHoldings,
  fetchSpotOpen,
  type PerpOrder,
  type Position,
  type SpotHolding,
  type SpotOrder,
} from '../../api/trading';
import { useT, type Key } from '../../i18n';
import { AdlIndicator } from './AdlIndicator';
import { P } from '../../paths';
import { formatQuoteAmount, formatQuotePrice } from '../market/quotes';
import { ClosePositionDialog } from './ClosePositionDialog';
import { ConditionalOrders, useConditionalList } from './ConditionalOrders';
import { detailUrl, SideBadge, Signed } from './listParts';
import { PositionActions } from './PositionActions';
import { ClosedPositionTable, PerpOrderTable, PositionTable, SpotOrderTable } from './ListTables';
import { TpSlDialog } from './TpSlDialog';
import { invalidateTrading } from './invalidate';
import { ORDER_TYPE_TEXT, orderTypeFacts, TRAILING_REFRESH_MS } from './orderTypes';
import { useLivePosition } from './useLivePosition';
import { useTradeAction } from './useTradeAction';
import { formatSignedPercent, formatTime, useStatusText } from './texts';
import styles from './trade.module.css';

type SpotTab = 'open' | 'history' | 'holdings';
type PerpTab = 'positions' | 'orders' | 'history';

function Facts({ items }: { items: Array<[Key, ReactNode]> }) {
  const { t } = useT();
  return (
    <dl className={styles.rowFacts}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Tabs<T extends string>({
  tabs,
  current,
  onChange,
  label,
  counts,
}: {
  tabs: Array<[T, Key]>;
  current: T;
  onChange: (tab: T) => void;
  label: string;
  /** Rows behind each tab, shown in its label ("Positions (1)") once known. */
  counts?: Partial<Record<T, number>>;
}) {
  const { t } = useT();
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map(([tab, text]) => (
        <button key={tab} type="button" role="tab" className={styles.tab} aria-selected={tab === current} onClick={() => onChange(tab)} data-testid={`list-tab-${tab}`}>
          {counts ? <TabLabel text={t(text)} count={counts[tab]} /> : t(text)}
        </button>
      ))}
    </div>
  );
}

/**
 * A list tab's name and how many rows it holds ("Positions (1)"). The count's room is kept while it loads, so the
 * count arriving moves no tab beside it (the trade screen's layout-shift test).
 */
export function TabLabel({ text, count }: { text: string; count: number | undefined }) {
  return (
    <>
      {text} <span className={styles.tabCount}>{count === undefined ? '' : `(${count})`}</span>
    </>
  );
}

// ---------------------------------------------------------------- spot

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
          ['colTime', formatTime(order.createdAt)],
        ]}
      />
      {actions ? <div className={styles.rowActions}>{actions}</div> : null}
    </li>
  );
}

function SpotOpenOrders({ symbol, table }: { symbol?: string; table: boolean }) {
  const { t } = useT();
  const store = useStore();
  const client = useQueryClient();
  const { busy, run } = useTradeAction();
  const list = useApiPaged(trading.spotList.path, { symbol }, (page, size, filter) => fetchSpotOpen(page, size, filter.symbol));
  // with a TP/SL or OCO pending, an empty list of plain orders is not "no open orders"
  const conditionals = useConditionalList(symbol);
  const cancel = async (order: SpotOrder) => {
    const done = await run(() => cancelSpotOrder(order.id));
    if (!done) return;
    invalidateTrading(client);
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

function SpotHistory({ symbol, table }: { symbol?: string; table: boolean }) {
  const list = useApiPaged(trading.spotHistory.path, { symbol }, (page, size, filter) => fetchSpotHistory(page, size, filter.symbol));
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
      <div className={styles.rowHead}>
        <Link className={styles.rowTitle} to={detailUrl(P.spotPositionDetail, 'asset', holding.asset)}>
          {holding.asset}
        </Link>
        <Signed value={holding.unrealisedPnl} suffix={holding.unrealisedPnlPercent ? ` (${formatSignedPercent(holding.unrealisedPnlPercent)})` : ''} />
      </div>
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

function SpotHoldings() {
  const holdings = useApiQuery(trading.spotHoldings.path, {}, () => fetchSpotHoldings());
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

// ---------------------------------------------------------------- perpetual

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

function Positions({ symbol, table }: { symbol?: string; table: boolean }) {
  const { t } = useT();
  const positions = useApiQuery(perpetual.openList.path, {}, () => fetchPositions());
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

function PerpOrders({ symbol, table }: { symbol?: string; table: boolean }) {
  const { t } = useT();
  const store = useStore();
  const client = useQueryClient();
  const { busy, run } = useTradeAction();
  const status = useStatusText();
  // a waiting trailing stop's trigger moves with the price: re-read while one waits (the server keeps it as it moves)
  const orders = useApiQuery(perpetual.limitList.path, {}, () => fetchPerpOrders(), {
    refetchInterval: (query) => (query.state.data?.some((o) => o.type === 'trailing_stop') ? TRAILING_REFRESH_MS : false),
  });
  const shown = (rows: PerpOrder[]) => (symbol ? rows.filter((o) => o.symbol === symbol) : rows);
  const cancel = async (order: PerpOrder) => {
    const done = await run(() => cancelPerpOrder(order.id));
    if (!done) return;
    invalidateTrading(client);
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
                  ['colTime', formatTime(order.createdAt)],
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

function PerpHistory({ symbol, table }: { symbol?: string; table: boolean }) {
  const { t } = useT();
  const closeType = useStatusText();
  const list = useApiPaged(perpetual.closeList.path, { symbol }, (page, size, filter) => fetchClosedPositions(page, size, filter.symbol));
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
              ['colCloseTime', position.closeTime ? formatTime(position.closeTime) : '—'],
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

// ---------------------------------------------------------------- shared parts

export function PagedRows<T>({
  list,
  empty,
  children,
  table,
}: {
  list: ReturnType<typeof useApiPaged<T, unknown>>;
  empty: Key;
  children: (item: T) => ReactNode;
  /** The desktop's table of the rows loaded so far, in place of the phone's cards. */
  table?: (items: T[]) => ReactNode;
}) {
  const { t } = useT();
  if (list.loading) return <Spinner />;
  if (list.error) return <ErrorState title={t('listFailed')} onRetry={() => void list.refresh()} />;
  if (list.items.length === 0) return <EmptyState title={t(empty)} />;
  return (
    <>
      {table ? table(list.items) : <ul className={styles.rows}>{list.items.map((item) => children(item))}</ul>}
      {list.hasMore ? (
        <Button variant="secondary" className={styles.more} disabled={list.loadingMore} onClick={() => void list.loadMore()}>
          {t('loadMore')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * How many rows each list tab holds, from the same queries the lists read (one request each, shared with the
 * open tab): open orders and history by their totals, positions and holdings by their rows.
 */
function useListCounts(market: 'spot' | 'perp', symbol: string | undefined, loggedIn: boolean) {
  const spot = loggedIn && market === 'spot';
  const perp = loggedIn && market === 'perp';
  const spotOpen = useApiPaged(trading.spotList.path, { symbol }, (page, size, filter) => fetchSpotOpen(page, size, filter.symbol), { enabled: spot });
  const spotHistory = useApiPaged(trading.spotHistory.path, { symbol }, (page, size, filter) => fetchSpotHistory(page, size, filter.symbol), { enabled: spot });
  const conditionals = useConditionalList(symbol, { enabled: spot });
  const holdings = useApiQuery(trading.spotHoldings.path, {}, () => fetchSpotHoldings(), { enabled: spot });
  const positions = useApiQuery(perpetual.openList.path, {}, () => fetchPositions(), { enabled: perp });
  const orders = useApiQuery(perpetual.limitList.path, {}, () => fetchPerpOrders(), { enabled: perp });
  const perpHistory = useApiPaged(perpetual.closeList.path, { symbol }, (page, size, filter) => fetchClosedPositions(page, size, filter.symbol), { enabled: perp });
  const mine = <R extends { symbol: string }>(rows: R[] | undefined) => (rows ? (symbol ? rows.filter((row) => row.symbol === symbol) : rows).length : undefined);
  const paged = (list: { loading: boolean; error: unknown; total: number }) => (list.loading || list.error ? undefined : list.total);
  // open orders: the plain ones and the TP/SL and OCO groups
  const sum = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a + b);
  return {
    spot: { open: sum(paged(spotOpen), paged(conditionals)), history: paged(spotHistory), holdings: holdings.data?.length } as Partial<Record<SpotTab, number>>,
    perp: { positions: mine(positions.data), orders: mine(orders.data), history: paged(perpHistory) } as Partial<Record<PerpTab, number>>,
  };
}

/**
 * The lists under the order form: spot open orders, history and holdings, or perpetual positions, open orders and
 * history, each row with its actions: cards on the phone, column tables (`table`) on the desktop grid. They follow the positions stream: every push invalidates them (shared
 * PUSH_INVALIDATIONS), so rows change in place without polling.
 */
export function TradeLists({ market, symbol, table = false }: { market: 'spot' | 'perp'; symbol?: string; table?: boolean }) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const [spotTab, setSpotTab] = useState<SpotTab>('open');
  const [perpTab, setPerpTab] = useState<PerpTab>('positions');
  const counts = useListCounts(market, symbol, loggedIn);
  if (!loggedIn) return <p className={styles.muted}>{t('listsLoginPrompt')}</p>;
  return (
    <section className={styles.lists} aria-label={t('listsLabel')} data-testid={`lists-${market}`}>
      {market === 'spot' ? (
        <>
          <Tabs<SpotTab>
            label={t('listsLabel')}
            current={spotTab}
            onChange={setSpotTab}
            counts={counts.spot}
            tabs={[
              ['open', 'tabOpenOrders'],
              ['history', 'tabHistory'],
              ['holdings', 'tabHoldings'],
            ]}
          />
          <div role="tabpanel">{spotTab === 'open' ? <SpotOpenOrders symbol={symbol} table={table} /> : spotTab === 'history' ? <SpotHistory symbol={symbol} table={table} /> : <SpotHoldings />}</div>
        </>
      ) : (
        <>
          <Tabs<PerpTab>
            label={t('listsLabel')}
            current={perpTab}
            onChange={setPerpTab}
            counts={counts.perp}
            tabs={[
              ['positions', 'tabPositions'],
              ['orders', 'tabOpenOrders'],
              ['history', 'tabHistory'],
            ]}
          />
          <div role="tabpanel">{perpTab === 'positions' ? (
              <Positions symbol={symbol} table={table} />
            ) : perpTab === 'orders' ? (
              <PerpOrders symbol={symbol} table={table} />
            ) : (
              <PerpHistory symbol={symbol} table={table} />
            )}</div>
        </>
      )}
    </section>
  );
}
