import { useId, type CSSProperties } from 'react';
import { formatPercentNumber, magnitudeDecimals, toFixedExact, useDepth, formatQuoteAmount, formatQuotePrice } from '@meridian/shared';
import { depthRows, DEPTH_LEVELS } from '../../pages/trade-chart/DepthPanel';
import { direction } from '../market/quotes';
import { useT } from '../../i18n';
import { spreadOf } from './book';
import styles from './trade.module.css';

type Row = ReturnType<typeof depthRows>[number];

/** Always DEPTH_LEVELS rows, blanks where the book is thinner: the book keeps its height as levels come and go. */
function padded(rows: Row[]): Array<Row | null> {
  return [...rows, ...Array<null>(Math.max(0, DEPTH_LEVELS - rows.length)).fill(null)];
}

function Level({ side, row, priceDecimals, amountDecimals, onPick }: { side: 'bid' | 'ask'; row: Row | null; priceDecimals: number | null; amountDecimals: number | null; onPick?: (price: string) => void }) {
  const { t } = useT();
  if (!row)
    return (
      <li className={styles.level} aria-hidden="true">
        <span>&nbsp;</span>
      </li>
    );
  const price = formatQuotePrice(row.price, priceDecimals);
  // the limit field takes the plain decimal (no grouping), at the price decimals the book shows
  const pick = () => onPick?.(toFixedExact(row.price, priceDecimals ?? magnitudeDecimals(row.price), 'halfUp'));
  return (
    <li className={`${styles.level} ${styles[side]}`} style={{ '--depth': `${row.share}%` } as CSSProperties} data-testid={`book-${side}`}>
      <button type="button" className={styles.levelButton} onClick={pick} aria-label={t('bookPickPrice', { price })} tabIndex={onPick ? 0 : -1}>
        <span className={styles.levelPrice}>{price}</span>
        <span className={styles.levelAmount}>{formatQuoteAmount(row.amount, amountDecimals)}</span>
      </button>
    </li>
  );
}

/**
 * The live order book of `symbol` (depth stream, 10 levels each side): asks above with the best one lowest, the
 * last price and the spread in the middle, bids below. Picking a level puts its price in the order form. ICO
 * tokens have no book (nothing is subscribed); `isIco` null waits until the quote says. Until the first book
 * arrives the same rows stand blank with the waiting text in the middle, so nothing moves when it comes.
 */
export function OrderBook({
  symbol,
  isIco,
  lastPrice,
  changePercent,
  priceDecimals,
  amountDecimals,
  onPickPrice,
}: {
  symbol: string;
  isIco: boolean | null;
  lastPrice: string | null;
  changePercent: string | null;
  priceDecimals: number | null;
  amountDecimals: number | null;
  onPickPrice?: (price: string) => void;
}) {
  const { t } = useT();
  const headingId = useId();
  const depth = useDepth(isIco === null ? null : symbol, isIco);
  const trend = direction(changePercent);
  let body;
  if (isIco) body = <p className={styles.muted}>{t('depthNone')}</p>;
  else {
    const asks = padded(depth ? depthRows(depth.asks) : []).reverse();
    const bids = padded(depth ? depthRows(depth.bids) : []);
    const spread = depth ? spreadOf(depth.bids, depth.asks) : null;
    body = (
      <>
        <div className={styles.bookHead} aria-hidden="true">
          <span>{t('colPrice')}</span>
          <span>{t('depthAmount')}</span>
        </div>
        <ol className={styles.levels} aria-label={t('depthAsks')}>
          {asks.map((row, i) => (
            <Level key={row?.price ?? `a${i}`} side="ask" row={row} priceDecimals={priceDecimals} amountDecimals={amountDecimals} onPick={onPickPrice} />
          ))}
        </ol>
        <div className={styles.bookMid} data-testid="book-spread">
          <span className={`${styles.bookLast} ${styles[trend]}`}>
            {lastPrice ? formatQuotePrice(lastPrice, priceDecimals) : '—'}
            <span aria-hidden="true">{trend === 'up' ? ' ▲' : trend === 'down' ? ' ▼' : ''}</span>
          </span>
          {/* the spread on one line in every language: its share of the price (the two prices it is the gap
              between are the rows either side); only the waiting text may take two lines */}
          <span className={`${styles.muted} ${depth ? styles.bookSpreadLine : styles.bookSpread}`} role={depth ? undefined : 'status'}>
            {!depth ? t('depthLoading') : spread ? t('spreadValue', { percent: formatPercentNumber(spread.percent.toFixed(3), { decimals: 3 }) }) : t('spreadNone')}
          </span>
        </div>
        <ol className={styles.levels} aria-label={t('depthBids')}>
          {bids.map((row, i) => (
            <Level key={row?.price ?? `b${i}`} side="bid" row={row} priceDecimals={priceDecimals} amountDecimals={amountDecimals} onPick={onPickPrice} />
          ))}
        </ol>
      </>
    );
  }
  return (
    <section className={styles.book} aria-labelledby={headingId} data-testid="order-book" data-symbol={depth?.symbol ?? ''}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('depthTitle')}
      </h2>
      {body}
    </section>
  );
}
