import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { amountDecimals, formatFee, formatMoney, priceDecimals as coinPriceDecimals, formatQuoteAmount, formatQuotePrice, formatRecordTime, formatSignedPercent } from '@meridian/shared';
import type { PerpOrder, Position, SpotOrder } from '../../api/trading';
import { useT, type Key } from '../../i18n';
import { P } from '../../paths';
import { AdlIndicator } from './AdlIndicator';
import { detailUrl, SideBadge, Signed } from './listParts';
import { ORDER_TYPE_TEXT, orderTypeFacts } from './orderTypes';
import { PositionActions } from './PositionActions';
import { useStatusText } from './texts';
import { useLivePosition } from './useLivePosition';
import styles from './trade.module.css';

/**
 * The trade lists at desktop width as column tables, as large venues show them: one row per position or order, a
 * header per column (a real <table>, read cell by cell with its header by screen readers), figures right-aligned
 * in tabular digits by the shared formatters. The phone keeps its cards (TradeLists). The table scrolls sideways
 * in its own box rather than clipping when a language's headers are long (German).
 */

/** A column: its header text, whether it holds a figure (right-aligned), its cell. */
export interface Column<T> {
  key: string;
  header: Key | null;
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

/** A table's frame: its caption for screen readers and one header per column (null: the actions, named but unseen). */
export function TableFrame({ caption, headers, children }: { caption: string; headers: Array<[Key | null, boolean]>; children: ReactNode }) {
  const { t } = useT();
  return (
    <div className={styles.tableBox}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {headers.map(([header, numeric]) => (
              <th key={header ?? 'actions'} scope="col" className={numeric ? styles.num : undefined}>
                {header ? t(header) : <span className={styles.visuallyHidden}>{t('colActions')}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function ColumnTable<T>({ caption, columns, rows, rowKey, rowProps }: { caption: string; columns: Array<Column<T>>; rows: T[]; rowKey: (row: T) => string; rowProps?: (row: T) => Record<string, string> }) {
  return (
    <TableFrame caption={caption} headers={columns.map((column) => [column.header, column.numeric === true])}>
      {rows.map((row) => (
        <tr key={rowKey(row)} {...rowProps?.(row)}>
          {columns.map((column) => (
            <td key={column.key} className={column.numeric ? styles.num : undefined}>
              {column.cell(row)}
            </td>
          ))}
        </tr>
      ))}
    </TableFrame>
  );
}

// ---------------------------------------------------------------- perpetual positions

const POSITION_HEADERS: Array<[Key | null, boolean]> = [
  ['colSymbol', false],
  ['colSide', false],
  ['colQuantity', true],
  ['colEntry', true],
  ['colMark', true],
  ['colLiquidation', true],
  ['colMargin', true],
  ['colUnrealisedRoe', true],
  ['colTpSl', true],
  ['colAdl', false],
  [null, false],
];

/** How a product states a position's size and prices (forex: lots and the pair's decimals); the coin's otherwise. */
export interface PositionFigures<T extends Position> {
  sizeOf?: (position: T) => string;
  pricesOf?: (position: T) => number | null;
}

const coinSize = (position: Position) => formatQuoteAmount(position.quantity, amountDecimals(position.symbol));
const coinPrices = (position: Position) => coinPriceDecimals(position.symbol);

/** Open positions as a table; each row follows the mark price live like the phone card. */
export function PositionTable<T extends Position>({
  rows,
  onClose,
  onTpSl,
  sizeOf = coinSize,
  pricesOf = coinPrices,
}: { rows: T[]; onClose: (position: T) => void; onTpSl: (position: T) => void } & PositionFigures<T>) {
  const { t } = useT();
  return (
    <TableFrame caption={t('tabPositions')} headers={POSITION_HEADERS}>
      {rows.map((position) => (
        <PositionTableRow key={position.id} position={position} size={sizeOf(position)} prices={pricesOf(position)} onClose={() => onClose(position)} onTpSl={() => onTpSl(position)} />
      ))}
    </TableFrame>
  );
}

function PositionTableRow({
  position,
  size,
  prices,
  onClose,
  onTpSl,
}: {
  position: Position;
  size: string;
  prices: number | null;
  onClose: () => void;
  onTpSl: () => void;
}) {
  const { t } = useT();
  const live = useLivePosition(position);
  const price = (value: string | null | undefined) => (value ? formatQuotePrice(value, prices) : '—');
  return (
    <tr data-testid="position-row" data-side={position.side}>
      <th scope="row">
        <Link className={styles.rowTitle} to={detailUrl(P.perpetualPositionDetail, 'positionId', position.id)}>
          {position.symbol}
        </Link>
        <span className={`${styles.badge} ${styles.cellBadge}`}>{`${t(position.marginMode === 'cross' ? 'marginCross' : 'marginIsolated')} ${t('leverageValue', { leverage: String(position.leverage) })}`}</span>
      </th>
      <td>
        <SideBadge side={position.side} />
      </td>
      <td className={styles.num}>{size}</td>
      <td className={styles.num}>{price(position.entryPrice)}</td>
      <td className={styles.num}>{price(live.markPrice)}</td>
      <td className={styles.num}>{position.liquidationPrice ? price(position.liquidationPrice) : t('noLiquidation')}</td>
      <td className={styles.num}>{`${formatMoney(position.margin)} USDT`}</td>
      <td className={styles.num} data-testid="position-pnl">
        <Signed value={live.unrealisedPnl} suffix={` (${formatSignedPercent(live.pnlPercent)})`} />
      </td>
      <td className={styles.num}>{`${price(position.takeProfit)} / ${price(position.stopLoss)}`}</td>
      <td>
        <AdlIndicator rank={position.adlRank} />
      </td>
      <td>
        <div className={styles.cellActions}>
          <PositionActions position={position} prices={prices} onClose={onClose} onTpSl={onTpSl} />
        </div>
      </td>
    </tr>
  );
}

// ---------------------------------------------------------------- orders and history

/** Perpetual open (limit) orders; `action` is the cancel button of a row. */
export function PerpOrderTable({ rows, action }: { rows: PerpOrder[]; action: (order: PerpOrder) => ReactNode }) {
  const { t } = useT();
  const status = useStatusText();
  const price = (order: PerpOrder, value: string | null | undefined) => (value ? formatQuotePrice(value, coinPriceDecimals(order.symbol)) : '—');
  const columns: Array<Column<PerpOrder>> = [
    { key: 'time', header: 'colTime', cell: (o) => formatRecordTime(o.createdAt) },
    { key: 'symbol', header: 'colSymbol', cell: (o) => o.symbol },
    { key: 'type', header: 'colType', cell: (o) => <OrderTypeCell order={o} /> },
    { key: 'side', header: 'colSide', cell: (o) => <SideBadge side={o.side} /> },
    { key: 'price', header: 'colPrice', numeric: true, cell: (o) => price(o, o.price) },
    { key: 'amount', header: 'colQuantity', numeric: true, cell: (o) => formatQuoteAmount(o.quantity, amountDecimals(o.symbol)) },
    { key: 'margin', header: 'colMargin', numeric: true, cell: (o) => `${formatMoney(o.margin)} USDT` },
    { key: 'tpsl', header: 'colTpSl', numeric: true, cell: (o) => `${price(o, o.takeProfit)} / ${price(o, o.stopLoss)}` },
    { key: 'status', header: 'colStatus', cell: (o) => status(o.status) },
    { key: 'action', header: null, cell: action },
  ];
  return <ColumnTable caption={t('tabOpenOrders')} columns={columns} rows={rows} rowKey={(o) => o.id} rowProps={() => ({ 'data-testid': 'perp-order-row' })} />;
}

/**
 * An open order's type as the phone card states it: the type and leverage, then its conditions (trigger and what it
 * watches, a trailing stop's best price so far, time in force, flags), a line each under the type.
 */
function OrderTypeCell({ order }: { order: PerpOrder }) {
  const { t } = useT();
  const facts = orderTypeFacts(order, coinPriceDecimals(order.symbol), t);
  return (
    <>
      <span data-testid="perp-order-type">{`${t(ORDER_TYPE_TEXT[order.type])} · ${t('leverageValue', { leverage: String(order.leverage) })}`}</span>
      {facts.map(([label, value]) => (
        <span key={label} className={styles.cellFact}>{t('orderFactLine', { label: t(label), value })}</span>
      ))}
    </>
  );
}

/** Closed perpetual (or forex) positions: the realised result and how each ended; the symbol opens its detail. */
export function ClosedPositionTable<T extends Position>({ rows, sizeOf = coinSize, pricesOf = coinPrices }: { rows: T[] } & PositionFigures<T>) {
  const { t } = useT();
  const closeType = useStatusText();
  const price = (p: T, value: string | null | undefined) => (value ? formatQuotePrice(value, pricesOf(p)) : '—');
  const columns: Array<Column<T>> = [
    { key: 'time', header: 'colCloseTime', cell: (p) => (p.closeTime ? formatRecordTime(p.closeTime) : '—') },
    {
      key: 'symbol',
      header: 'colSymbol',
      cell: (p) => (
        <Link className={styles.rowTitle} to={detailUrl(P.perpetualHistoryDetail, 'positionId', p.id)}>
          {p.symbol}
        </Link>
      ),
    },
    { key: 'side', header: 'colSide', cell: (p) => <SideBadge side={p.side} /> },
    { key: 'size', header: 'colQuantity', numeric: true, cell: sizeOf },
    { key: 'entry', header: 'colEntry', numeric: true, cell: (p) => price(p, p.entryPrice) },
    { key: 'close', header: 'colClosePrice', numeric: true, cell: (p) => price(p, p.closePrice) },
    { key: 'pnl', header: 'colRealised', numeric: true, cell: (p) => <Signed value={p.realisedPnl} suffix={` (${formatSignedPercent(p.pnlPercent)})`} /> },
    { key: 'type', header: 'colCloseType', cell: (p) => (p.closeType ? closeType(p.closeType) : '—') },
  ];
  return <ColumnTable caption={t('tabHistory')} columns={columns} rows={rows} rowKey={(p) => p.id} rowProps={(p) => ({ 'data-testid': 'closed-position-row', 'data-close-type': p.closeType ?? '' })} />;
}

/** Spot orders, open (with `action`, the cancel button) or finished; the symbol opens the order's detail. */
export function SpotOrderTable({ rows, action, caption }: { rows: SpotOrder[]; action?: (order: SpotOrder) => ReactNode; caption: Key }) {
  const { t } = useT();
  const status = useStatusText();
  const columns: Array<Column<SpotOrder>> = [
    { key: 'time', header: 'colTime', cell: (o) => formatRecordTime(o.createdAt) },
    {
      key: 'symbol',
      header: 'colSymbol',
      cell: (o) => (
        <Link className={styles.rowTitle} to={detailUrl(P.spotOrderDetail, 'orderId', o.id)}>
          {o.symbol}
        </Link>
      ),
    },
    { key: 'type', header: 'colType', cell: (o) => t(o.type === 'limit' ? 'orderLimit' : 'orderMarket') },
    { key: 'side', header: 'colSide', cell: (o) => <SideBadge side={o.side} /> },
    { key: 'price', header: 'colPrice', numeric: true, cell: (o) => (o.price ? formatQuotePrice(o.price, coinPriceDecimals(o.symbol)) : t('orderMarket')) },
    {
      key: 'amount',
      header: 'colAmount',
      numeric: true,
      cell: (o) => (o.quantity ? formatQuoteAmount(o.quantity, amountDecimals(o.symbol)) : `${o.amount ? formatMoney(o.amount) : '—'} ${o.quote}`),
    },
    {
      key: 'filled',
      header: 'colDone',
      numeric: true,
      cell: (o) => `${formatQuoteAmount(o.doneQuantity, amountDecimals(o.symbol))}${o.averagePrice ? ` @ ${formatQuotePrice(o.averagePrice, coinPriceDecimals(o.symbol))}` : ''}`,
    },
    { key: 'fee', header: 'colFee', numeric: true, cell: (o) => `${formatFee(o.fee, { asset: o.feeAsset })} ${o.feeAsset}` },
    { key: 'status', header: 'colStatus', cell: (o) => status(o.status) },
    ...(action ? [{ key: 'action', header: null, cell: action }] : []),
  ];
  return <ColumnTable caption={t(caption)} columns={columns} rows={rows} rowKey={(o) => o.id} rowProps={(o) => ({ 'data-testid': 'spot-order-row', 'data-status': o.status })} />;
}
