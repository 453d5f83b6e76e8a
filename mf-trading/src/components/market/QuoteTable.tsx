import { memo, useCallback, useMemo, useState, type MouseEvent } from 'react';
import { CoinIcon, instrumentPriceDecimals, formatQuotePrice } from '@meridian/shared';
import { Link, useNavigate } from 'react-router-dom';
import type { MarketQuote } from '../../api/market';
import { useT, type Key } from '../../i18n';
import { chartUrl, tradeUrl } from '../../paths';
import { compareDecimal, direction, formatChangePercent, formatVolume, isTradable } from './quotes';
import { TradeGlyph } from './TradeGlyph';
import { coinOf } from './coin';
import { flashClassName, usePriceFlash } from './usePriceFlash';
import styles from './market.module.css';

export type SortKey = 'name' | 'price' | 'change';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

const COMPARE: Record<SortKey, (a: MarketQuote, b: MarketQuote) => number> = {
  name: (a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.symbol.localeCompare(b.symbol),
  price: (a, b) => compareDecimal(a.price, b.price),
  change: (a, b) => compareDecimal(a.changePercent, b.changePercent),
};

export function sortQuotes(quotes: readonly MarketQuote[], sort: Sort | null): readonly MarketQuote[] {
  if (!sort) return quotes;
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...quotes].sort((a, b) => sign * COMPARE[sort.key](a, b));
}

interface RowProps {
  quote: MarketQuote;
  dense: boolean;
  /** null: no star (a visitor). */
  favorite: boolean | null;
  /** Whether the list has a trade column (some of its markets are tradable). */
  tradeColumn: boolean;
  onToggleFavorite: (symbol: string) => void;
  /** The row was chosen (before its chart opens). */
  onChoose: (symbol: string) => void;
  /** Opens the chart. */
  onOpen: (symbol: string) => void;
}

/** One market; memoised, so a tick of another symbol does not render it. */
const QuoteRow = memo(function QuoteRow({ quote, dense, favorite, tradeColumn, onToggleFavorite, onChoose, onOpen }: RowProps) {
  const { t } = useT();
  const { symbol } = quote;
  const price = formatQuotePrice(quote.price, instrumentPriceDecimals(quote));
  const trend = direction(quote.changePercent);
  const coin = coinOf(quote);

  // a brief flash when the price moves
  const flash = usePriceFlash(quote.price);

  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    // the symbol link and the star handle their own clicks
    if ((event.target as Element).closest('a, button')) return;
    onOpen(symbol);
  };

  return (
    <tr className={styles.row} data-testid={`quote-row-${symbol}`} onClick={open}>
      <th scope="row" className={styles.symbolCell}>
        {/* the icon and the symbol never shrink or clip: the name ends in an ellipsis, the number columns give way */}
        <span className={styles.symbolLine}>
          <CoinIcon coin={coin.coin} icon={coin.icon} size={dense ? 18 : 22} />
          <span className={styles.symbolBlock}>
            <Link to={chartUrl(symbol)} className={styles.symbol} onClick={() => onChoose(symbol)} data-testid={`quote-symbol-${symbol}`}>
              {symbol}
            </Link>
            {!dense ? <span className={styles.name}>{quote.name}</span> : null}
            {quote.marketOpen === false ? (
              <span className={styles.closed} data-testid={`quote-closed-${symbol}`}>
                {t('marketClosed')}
              </span>
            ) : null}
          </span>
        </span>
      </th>
      {dense ? <td className={styles.nameCell}>{quote.name}</td> : null}
      <td className={styles.num}>
        <span
          key={flash?.n ?? 0}
          className={flash ? styles[flashClassName(flash)!] : undefined}
          data-flash={flash?.dir}
          data-testid={`quote-price-${symbol}`}
        >
          {price}
        </span>
      </td>
      <td className={styles.num}>
        <span className={`${styles.change} ${styles[trend]}`} data-direction={trend} data-testid={`quote-change-${symbol}`}>
          {formatChangePercent(quote.changePercent)}
        </span>
      </td>
      {dense ? (
        <>
          <td className={styles.num}>{formatQuotePrice(quote.high, instrumentPriceDecimals(quote))}</td>
          <td className={styles.num}>{formatQuotePrice(quote.low, instrumentPriceDecimals(quote))}</td>
          <td className={styles.num} data-testid={`quote-volume-${symbol}`}>
            {formatVolume(quote.volume)}
          </td>
        </>
      ) : null}
      {tradeColumn ? (
        <td className={styles.tradeCell}>
          {isTradable(quote) ? (
            <Link
              to={tradeUrl(symbol, { desktop: dense, ...(quote.category === 'FOREX' ? { tab: 'forex' as const } : {}) })}
              className={styles.tradeLink}
              aria-label={t('tradeSymbol', { symbol })}
              title={t('tradeSymbol', { symbol })}
              onClick={() => onChoose(symbol)}
              data-testid={`quote-trade-${symbol}`}
            >
              <TradeGlyph />
              {dense ? <span aria-hidden="true">{t('tradeMarginTitle')}</span> : null}
            </Link>
          ) : null}
        </td>
      ) : null}
      {favorite !== null ? (
        <td className={styles.starCell}>
          <button
            type="button"
            className={favorite ? `${styles.star} ${styles.starOn}` : styles.star}
            aria-pressed={favorite}
            aria-label={t(favorite ? 'removeFavorite' : 'addFavorite', { symbol })}
            data-testid={`quote-fav-${symbol}`}
            onClick={() => onToggleFavorite(symbol)}
          >
            <span aria-hidden="true">{favorite ? '★' : '☆'}</span>
          </button>
        </td>
      ) : null}
    </tr>
  );
});

function SortHeader({ label, column, sort, onSort, className }: { label: Key; column: SortKey; sort: Sort | null; onSort: (key: SortKey) => void; className?: string }) {
  const { t } = useT();
  const active = sort?.key === column ? sort.dir : null;
  return (
    <th scope="col" className={className} aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        {t(label)}
        <span aria-hidden="true" className={styles.sortMark}>
          {active === 'asc' ? '▲' : active === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * Quotes as a table: compact (symbol and name, price, change %) for phones, dense (symbol, name, last, change %,
 * high, low, volume) for the desktop. Sorting by name, price or change toggles ascending and descending.
 */
export function QuoteTable({
  quotes,
  label,
  dense = false,
  favorites,
  onToggleFavorite,
  onOpen,
}: {
  quotes: readonly MarketQuote[];
  label: string;
  dense?: boolean;
  /** The starred symbols, or null when there are no stars (a visitor). */
  favorites: ReadonlySet<string> | null;
  onToggleFavorite: (symbol: string) => void;
  onOpen?: (symbol: string) => void;
}) {
  const { t } = useT();
  const [sort, setSort] = useState<Sort | null>(null);
  const onSort = useCallback(
    (key: SortKey) => setSort((previous) => (previous?.key === key ? { key, dir: previous.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' })),
    [],
  );
  const sorted = useMemo(() => sortQuotes(quotes, sort), [quotes, sort]);
  const tradeColumn = useMemo(() => quotes.some(isTradable), [quotes]);
  // the chart is a screen of this remote: router navigation (single-spa sees the history change too)
  const routerNavigate = useNavigate();
  const choose = useCallback((symbol: string) => onOpen?.(symbol), [onOpen]);
  const open = useCallback(
    (symbol: string) => {
      onOpen?.(symbol);
      void routerNavigate(chartUrl(symbol));
    },
    [onOpen, routerNavigate],
  );

  return (
    // a table wider than its column scrolls inside it rather than widening the page: a wider page grows a phone's
    // layout viewport, and the shell would read it as a desktop width (a desktop market left for 1000 px stayed)
    <div className={styles.tableScroll}>
      <table className={dense ? `${styles.table} ${styles.dense}` : styles.table} aria-label={label} data-testid="quote-table">
        <thead>
          <tr>
            {dense ? (
              <>
                <th scope="col" className={styles.textHead}>
                  {t('colSymbol')}
                </th>
                <SortHeader label="colName" column="name" sort={sort} onSort={onSort} className={styles.textHead} />
                <SortHeader label="colLast" column="price" sort={sort} onSort={onSort} className={styles.numHead} />
              </>
            ) : (
              <>
                <SortHeader label="colName" column="name" sort={sort} onSort={onSort} className={styles.textHead} />
                <SortHeader label="colPrice" column="price" sort={sort} onSort={onSort} className={styles.numHead} />
              </>
            )}
            <SortHeader label="colChange" column="change" sort={sort} onSort={onSort} className={styles.numHead} />
            {dense ? (
              <>
                <th scope="col" className={styles.numHead}>
                  {t('colHigh')}
                </th>
                <th scope="col" className={styles.numHead}>
                  {t('colLow')}
                </th>
                <th scope="col" className={styles.numHead}>
                  {t('colVolume')}
                </th>
              </>
            ) : null}
            {tradeColumn ? (
              <th scope="col" className={styles.tradeHead}>
                <span className={styles.visuallyHidden}>{t('tradeMarginTitle')}</span>
              </th>
            ) : null}
            {favorites ? (
              <th scope="col" className={styles.starHead}>
                <span className={styles.visuallyHidden}>{t('colFavorite')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {sorted.map((quote) => (
            <QuoteRow
              key={quote.symbol}
              quote={quote}
              dense={dense}
              favorite={favorites ? favorites.has(quote.symbol) : null}
              tradeColumn={tradeColumn}
              onToggleFavorite={onToggleFavorite}
              onChoose={choose}
              onOpen={open}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
