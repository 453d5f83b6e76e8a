import * as contracts from '@meridian/contracts';
import { useId, useMemo, useState } from 'react';
import { queryOf, instrumentPriceDecimals, Button, Dialog, EmptyState, ErrorState, Spinner, formatQuotePrice } from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import { filterQuotes } from '../../components/market/filter';
import { direction, formatChangePercent } from '../../components/market/quotes';
import { LOUD, useSnapshot } from '../../components/market/useSnapshot';
import { useT } from '../../i18n';
import styles from './chart.module.css';
import marketStyles from '../../components/market/market.module.css';

/**
 * The market switcher: every instrument (or those `only` keeps: the forex tab's pairs), narrowed by symbol or name
 * as the user types.
 */
export function SymbolPicker({
  current,
  onChoose,
  onClose,
  only,
}: {
  current: string;
  onChoose: (symbol: string) => void;
  onClose: () => void;
  only?: (quote: MarketQuote) => boolean;
}) {
  const { t, tc } = useT();
  const inputId = useId();
  const all = useSnapshot<MarketQuote[]>(queryOf(contracts.market.price, {}, LOUD));
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const listed = only ? (all.data ?? []).filter(only) : (all.data ?? []);
    return query.trim() ? filterQuotes(listed, query) : listed;
  }, [all.data, query, only]);

  let body;
  if (all.loading) body = <Spinner />;
  else if (all.error) body = <ErrorState title={t('loadFailed')} onRetry={() => void all.reload()} />;
  else if (shown.length === 0) body = <EmptyState title={t('noResults', { query: query.trim() })} />;
  else
    body = (
      <ul className={styles.pickerList} aria-label={t('searchResultsLabel')}>
        {shown.map((quote) => (
          <li key={quote.symbol}>
            <button
              type="button"
              className={styles.pickerItem}
              aria-current={quote.symbol === current ? 'true' : undefined}
              data-testid={`pick-${quote.symbol}`}
              onClick={() => onChoose(quote.symbol)}
            >
              <span className={styles.pickerSymbol}>
                {quote.symbol}
                <span className={styles.pickerName}>{quote.name}</span>
              </span>
              <span className={styles.pickerPrice}>
                {formatQuotePrice(quote.price, instrumentPriceDecimals(quote))}
                <span className={marketStyles[direction(quote.changePercent)]}>{formatChangePercent(quote.changePercent)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <Dialog
      title={t('chooseMarket')}
      onDismiss={onClose}
      testId="symbol-picker"
      actions={
        <Button variant="secondary" onClick={onClose}>
          {tc('cancel')}
        </Button>
      }
    >
      <label htmlFor={inputId} className={marketStyles.visuallyHidden}>
        {t('searchLabel')}
      </label>
      <input
        id={inputId}
        type="search"
        className={marketStyles.searchInput}
        value={query}
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        data-testid="picker-search"
        data-primary
        onChange={(event) => setQuery(event.target.value)}
      />
      {body}
    </Dialog>
  );
}
