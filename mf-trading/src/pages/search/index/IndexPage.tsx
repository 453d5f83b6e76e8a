import * as contracts from '@meridian/contracts';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { queryOf, EmptyState, ErrorState, Page, Spinner } from '@meridian/shared';
import type { MarketQuote } from '../../../api/market';
import { QuoteTable } from '../../../components/market/QuoteTable';
import { useLiveQuotes } from '../../../components/market/quotes';
import { filterQuotes } from '../../../components/market/filter';
import { clearRecentSearches, readRecentSearches, rememberSearch } from '../../../components/market/recent';
import { useFavorites } from '../../../components/market/useFavorites';
import { LOUD, useSnapshot } from '../../../components/market/useSnapshot';
import { useDesktopLayout } from '../../../components/market/useDesktopLayout';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import styles from '../../../components/market/market.module.css';

/**
 * /pages/search/index — find any market by symbol or name, star it, and come back to recent searches; Cancel returns
 * to the markets. ?q= starts with a query (the desktop top bar's and market page's search land here). In the shell's desktop
 * layout the results are the desktop market's dense table (its trade entries open the desktop grid) and Cancel
 * returns to the desktop market.
 */
export function SearchIndexPage() {
  const { t, tc } = useT();
  const [params] = useSearchParams();
  const desktop = useDesktopLayout();
  const inputId = useId();
  const favorites = useFavorites();
  const snapshot = useSnapshot<MarketQuote[]>(queryOf(contracts.market.price, {}, LOUD));
  const live = useLiveQuotes(snapshot.data);
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [recent, setRecent] = useState(readRecentSearches);
  const results = useMemo(() => filterQuotes(live, query), [live, query]);

  const remember = useCallback(() => setRecent((current) => rememberSearch(query, current)), [query]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remember();
  };

  let body;
  if (snapshot.loading) body = <Spinner />;
  else if (snapshot.error) body = <ErrorState title={t('loadFailed')} onRetry={() => void snapshot.reload()} />;
  else if (query.trim() === '') body = null;
  else if (results.length === 0) body = <EmptyState title={t('noResults', { query: query.trim() })} />;
  else
    body = (
      <QuoteTable
        quotes={results}
        dense={desktop}
        label={t('searchResultsLabel')}
        favorites={favorites.enabled ? favorites.symbols : null}
        onToggleFavorite={favorites.toggle}
        onOpen={remember}
      />
    );

  return (
    <Page title={t('searchTitle')} subtitle={t('searchDescription')}>
      <div className={desktop ? `${styles.search} ${styles.searchDesktop}` : styles.search} data-layout={desktop ? 'desktop' : 'phone'} data-testid="search-page">
        <form role="search" onSubmit={submit} className={styles.searchBar}>
          <label htmlFor={inputId} className={styles.visuallyHidden}>
            {t('searchLabel')}
          </label>
          <input
            id={inputId}
            type="search"
            className={styles.searchInput}
            value={query}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            data-testid="search-input"
            onChange={(event) => setQuery(event.target.value)}
          />
          <Link to={desktop ? P.desktopMarket : P.quote} className={styles.searchCancel} data-testid="search-cancel">
            {tc('cancel')}
          </Link>
        </form>
        {recent.length > 0 && query.trim() === '' ? (
          <section className={styles.recent} aria-labelledby={`${inputId}-recent`} data-testid="recent-searches">
            <h2 id={`${inputId}-recent`} className={styles.recentHeading}>
              {t('recentSearches')}
            </h2>
            {recent.map((item) => (
              <button key={item} type="button" className={styles.recentItem} onClick={() => setQuery(item)}>
                {item}
              </button>
            ))}
            <button type="button" className={styles.recentItem} onClick={() => setRecent(clearRecentSearches())}>
              {t('clearRecent')}
            </button>
          </section>
        ) : null}
        <div>{body}</div>
      </div>
    </Page>
  );
}
