import { useEffect, useId, useState } from 'react';
import Decimal from 'decimal.js';
import { useQuote, formatQuotePrice } from '@meridian/shared';
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
 * The feed's latest prices for `symbol`, from the market stream as they arrive, time in UTC. The broker model has
 * no public tape: these are not other users' trades, and the title and hint say so. The table always has
 * RECENT_TRADES rows (blank until prices come in), so the section keeps its height as prices arrive.
 */
export function RecentTrades({ symbol, priceDecimals }: { symbol: string; priceDecimals: number | null }) {
  const { t } = useT();
  const headingId = useId();
  const hintId = useId();
  const quote = useQuote(symbol);
  const [prints, setPrints] = useState<{ symbol: string; list: Print[] }>({ symbol, list: [] });
  const time = typeof quote?.time === 'number' ? quote.time : null;
  const price = quote ? String(quote.price) : null;

  useEffect(() => {
    if (time === null || price === null || !/^\d+(\.\d+)?$/.test(price)) return;
    setPrints((current) => (current.symbol === symbol ? { symbol, list: addPrint(current.list, { time, price }) } : { symbol, list: addPrint([], { time, price }) }));
  }, [symbol, time, price]);

  const list = prints.symbol === symbol ? prints.list : [];
  const blanks = Array.from({ length: RECENT_TRADES - list.length }, (_, i) => i);
  return (
    <section className={styles.trades} aria-labelledby={headingId} aria-describedby={hintId} data-testid="recent-trades">
      <h2 id={headingId} className={styles.panelTitle}>
        {t('tradeFeedPricesTitle')}
      </h2>
      <p id={hintId} className={styles.tradesHint}>
        {t('tradeFeedPricesHint')}
      </p>
      <table className={styles.tradesTable}>
        <thead>
          <tr>
            <th scope="col">{t('colTimeUtc')}</th>
            <th scope="col">{t('colPrice')}</th>
          </tr>
        </thead>
        <tbody>
          {/* rows keyed by position: a new price rewrites the rows' text in place instead of moving every row down */}
          {list.map((print, i) => (
            <tr key={i} data-testid="trade-print">
              <td>{timeOf(print.time)}</td>
              <td className={styles[print.move]}>
                {formatQuotePrice(print.price, priceDecimals)}
                <span className={styles.printMove} aria-hidden="true">
                  {print.move === 'up' ? '↑' : print.move === 'down' ? '↓' : ''}
                </span>
              </td>
            </tr>
          ))}
          {blanks.map((i) =>
            i === 0 && list.length === 0 ? (
              <tr key={list.length + i}>
                <td colSpan={2} className={styles.muted}>
                  {t('recentTradesWaiting')}
                </td>
              </tr>
            ) : (
              <tr key={list.length + i} aria-hidden="true">
                <td colSpan={2} />
              </tr>
            ),
          )}
        </tbody>
      </table>
    </section>
  );
}
