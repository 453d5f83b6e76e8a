import { market } from '@meridian/contracts';
import { useId, useMemo } from 'react';
import { queryOf, compareExact, instrumentPriceDecimals, multiplyExact, AppLink, EmptyState, ErrorState, NARROW_MAX_WIDTH, Spinner, formatQuotePrice } from '@meridian/shared';
import type { MarketQuote } from '../api/market';
import { direction, formatChangePercent, useLiveQuotes } from '../components/market/quotes';
import { TradeGlyph } from '../components/market/TradeGlyph';
import { LOUD, useSnapshotWithText } from '../components/market/useSnapshot';
import { useWidgetT } from '../i18n';
import { chartUrl, P, tradeUrl } from '../paths';
import styles from './widget.module.css';

/** How many markets the overview lists. */
export const WIDGET_MARKETS = 6;


function turnover(quote: MarketQuote): string {
  try {
    return multiplyExact(quote.price, quote.volume);
  } catch {
    return '0';
  }
}

/** The benchmarks a user looks for first: always listed, in this order, when the market has them. */
export const PINNED_MARKETS = ['BTCUSDT', 'ETHUSDT'] as const;

/**
 * The pinned benchmarks, then the most traded other markets by 24 h turnover (price × volume) when the overview
 * loads. The choice and order are then kept while prices move, so rows do not jump under the user's finger.
 */
export function overviewMarkets(quotes: readonly MarketQuote[], count: number): MarketQuote[] {
  const pinned = PINNED_MARKETS.flatMap((symbol) => quotes.filter((quote) => quote.symbol === symbol));
  const others = quotes
    .filter((quote) => !pinned.includes(quote))
    .map((quote) => ({ quote, value: turnover(quote) }))
    .sort((a, b) => compareExact(b.value, a.value) || a.quote.symbol.localeCompare(b.quote.symbol))
    .map(({ quote }) => quote);
  return [...pinned, ...others].slice(0, count);
}

/**
 * A compact live market overview for other applications' pages (the shell's home), exposed as
 * `mf_trading/market-widget`. It renders inside the host's React tree and reaches everything through shared's
 * singletons (store, i18n, quote stream), and opens charts by platform navigation, not this remote's router.
 */
export function MarketWidget() {
  const { t } = useWidgetT();
  const headingId = useId();
  const snapshot = useSnapshotWithText<MarketQuote[]>(queryOf(market.byType, { type: 'CRYPTO' }, LOUD), t('loadFailed'));
  const top = useMemo(() => (snapshot.data ? overviewMarkets(snapshot.data, WIDGET_MARKETS) : null), [snapshot.data]);
  const quotes = useLiveQuotes(top);

  let body;
  // every state keeps the rows' height (widget.module.css): the host's page below it never moves
  if (snapshot.loading)
    body = (
      <div className={`${styles.placeholder} ${styles.loading}`}>
        <Spinner />
      </div>
    );
  else if (snapshot.error)
    body = (
      <div className={styles.placeholder}>
        <ErrorState title={t('loadFailed')} onRetry={() => void snapshot.reload()} />
      </div>
    );
  else if (quotes.length === 0)
    body = (
      <div className={styles.placeholder}>
        <EmptyState title={t('noMarkets')} />
      </div>
    );
  else {
    // the home is shared by both layouts: on a wide screen trading opens in the desktop grid
    const desktop = window.innerWidth > NARROW_MAX_WIDTH;
    body = (
      <ul className={styles.list}>
        {quotes.map((quote) => {
          const trend = direction(quote.changePercent);
          return (
            <li key={quote.symbol} className={styles.item}>
              <AppLink href={chartUrl(quote.symbol)} className={styles.row} data-testid={`widget-row-${quote.symbol}`}>
                <span className={styles.symbol}>
                  {quote.symbol}
                  <span className={styles.name}>{quote.name}</span>
                </span>
                <span className={styles.price} data-testid={`widget-price-${quote.symbol}`}>
                  {formatQuotePrice(quote.price, instrumentPriceDecimals(quote))}
                </span>
                <span className={`${styles.change} ${styles[trend]}`} data-direction={trend} data-testid={`widget-change-${quote.symbol}`}>
                  {formatChangePercent(quote.changePercent)}
                </span>
              </AppLink>
              <AppLink
                href={tradeUrl(quote.symbol, { desktop })}
                className={styles.trade}
                aria-label={t('tradeSymbol', { symbol: quote.symbol })}
                title={t('tradeSymbol', { symbol: quote.symbol })}
                data-testid={`widget-trade-${quote.symbol}`}
              >
                <TradeGlyph />
              </AppLink>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className={styles.widget} aria-labelledby={headingId} data-testid="market-widget">
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {t('widgetTitle')}
        </h2>
        <AppLink href={P.quote} className={styles.more}>
          {t('widgetAllMarkets')}
        </AppLink>
      </div>
      {body}
    </section>
  );
}
