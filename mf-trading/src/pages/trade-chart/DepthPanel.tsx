import { useId, type CSSProperties } from 'react';
import Decimal from 'decimal.js';
import { EmptyState, Spinner, useDepth, type DepthLevel, formatQuoteAmount, formatQuotePrice } from '@meridian/shared';
import { useT } from '../../i18n';
import styles from './chart.module.css';

/** Levels shown per side (spec §9: order-book depth default 10). */
export const DEPTH_LEVELS = 10;

interface Row {
  price: string;
  amount: string;
  /** The running total from the best level, as a share of the side's total (0–100) for the depth bar. */
  share: number;
}

/** The best `DEPTH_LEVELS` levels with their cumulative share; levels that are not numbers are dropped. */
export function depthRows(levels: readonly DepthLevel[]): Row[] {
  const valid = levels.filter(([price, amount]) => /^\d+(\.\d+)?$/.test(price) && /^\d+(\.\d+)?$/.test(amount)).slice(0, DEPTH_LEVELS);
  const totals: Decimal[] = [];
  valid.forEach(([, amount], i) => totals.push((totals[i - 1] ?? new Decimal(0)).plus(amount)));
  const all = totals[totals.length - 1];
  return valid.map(([price, amount], i) => ({
    price,
    amount,
    share: all && all.gt(0) ? totals[i]!.div(all).times(100).toDecimalPlaces(1).toNumber() : 0,
  }));
}

function Side({ side, rows, priceDecimals, amountDecimals }: { side: 'bid' | 'ask'; rows: Row[]; priceDecimals: unknown; amountDecimals: unknown }) {
  const { t } = useT();
  return (
    <table className={`${styles.depthSide} ${styles[side]}`} aria-label={t(side === 'bid' ? 'depthBids' : 'depthAsks')}>
      <thead>
        <tr>
          <th scope="col">{t(side === 'bid' ? 'depthBidPrice' : 'depthAskPrice')}</th>
          <th scope="col">{t('depthAmount')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.price} data-testid={`depth-${side}`} style={{ '--depth': `${row.share}%` } as CSSProperties}>
            <td className={styles.depthPrice}>{formatQuotePrice(row.price, priceDecimals)}</td>
            <td>{formatQuoteAmount(row.amount, amountDecimals)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The live order book of `symbol` from the shell's depth stream. A new symbol releases the old subscription
 * (useDepth). ICO tokens have no book: nothing is subscribed until the quote says whether it is one (isIco null).
 */
export function DepthPanel({
  symbol,
  isIco,
  priceDecimals,
  amountDecimals,
}: {
  symbol: string;
  isIco: boolean | null;
  priceDecimals: unknown;
  amountDecimals: unknown;
}) {
  const { t } = useT();
  const headingId = useId();
  const depth = useDepth(isIco === null ? null : symbol, isIco);

  let body;
  if (isIco) body = <EmptyState title={t('depthNone')} />;
  else if (!depth) body = <Spinner label={t('depthLoading')} />;
  else
    body = (
      <div className={styles.depthSides}>
        <Side side="bid" rows={depthRows(depth.bids)} priceDecimals={priceDecimals} amountDecimals={amountDecimals} />
        <Side side="ask" rows={depthRows(depth.asks)} priceDecimals={priceDecimals} amountDecimals={amountDecimals} />
      </div>
    );

  return (
    <section className={styles.depth} aria-labelledby={headingId} data-testid="depth-panel" data-symbol={depth?.symbol ?? ''}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('depthTitle')}
      </h2>
      {body}
    </section>
  );
}
