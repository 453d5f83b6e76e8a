import { useEffect, useId, useState } from 'react';
import Decimal from 'decimal.js';
import { useQuote } from '@meridian/shared';
import { formatQuotePrice } from '../market/quotes';
import { useT } from '../../i18n';
import styles from './trade.module.css';

/** Prints kept on screen. */
export const RECENT_TRADES = 12;

export interface Print {
  time: number;
  price: string;
  /** Against the print before it. */
  move: 'up' | 'down' | 'flat';
}

/** Adds a feed print to the list (newest first), ignoring one already there (same time) and keeping RECENT_TRADES. */
export function addPrint(prints: readonly Print[], next: { time: number; price: string }): Print[] {
  const last = prints[0];
  if (last && next.time <= last.time) return prints as Print[];
  const cmp = last ? new Decimal(next.price).cmp(last.price) : 0;
  const move: Print['move'] = cmp > 0 ? 'up' : cmp < 0 ? 'down' : 'flat';
  return [{ ...next, move }, ...prints].slice(0, RECENT_TRADES);
}

const timeOf = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/**
 * The market's latest prints for `symbol`, from the market stream as they arrive (the broker model has no public
 * tape of other users' trades: these are the feed's last prices, time in UTC).
 */
export function RecentTrades({ symbol, priceDecimals }: { symbol: string; priceDecimals: number | null }) {
  const { t } = useT();
  const headingId = useId();
  const quote = useQuote(symbol);
  const [prints, setPrints] = useState<{ symbol: string; list: Print[] }>({ symbol, list: [] });
  const time = typeof quote?.time === 'number' ? quote.time : null;
  const price = quote ? String(quote.price) : null;

  useEffect(() => {
    if (time === null || price === null || !/^\d+(\.\d+)?$/.test(price)) return;
    setPrints((current) => (current.symbol === symbol ? { symbol, list: addPrint(current.list, { time, price }) } : { symbol, list: addPrint([], { time, price }) }));
  }, [symbol, time, price]);

  const list = prints.symbol === symbol ? prints.list : [];
  return (
    <section className={styles.trades} aria-labelledby={headingId} data-testid="recent-trades">
      <h2 id={headingId} className={styles.panelTitle}>
        {t('recentTradesTitle')}
      </h2>
      {list.length === 0 ? (
        <p className={styles.muted}>{t('recentTradesWaiting')}</p>
      ) : (
        <table className={styles.tradesTable}>
          <thead>
            <tr>
              <th scope="col">{t('colTimeUtc')}</th>
              <th scope="col">{t('colPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((print) => (
              <tr key={print.time} data-testid="trade-print">
                <td>{timeOf(print.time)}</td>
                <td className={styles[print.move]}>
                  {formatQuotePrice(print.price, priceDecimals)}
                  <span aria-hidden="true">{print.move === 'up' ? ' ↑' : print.move === 'down' ? ' ↓' : ''}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.note}>{t('recentTradesNote')}</p>
    </section>
  );
}
