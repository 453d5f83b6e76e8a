import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '@meridian/shared';
import styles from './chrome.module.css';

/** mf_trading's market search page (its ?q= starts with the query). */
export const MARKET_SEARCH = '/pages/search/index';

/** Where the top bar's search goes for a query. */
export function marketSearchUrl(query: string): string {
  const q = query.trim();
  return q ? `${MARKET_SEARCH}?${new URLSearchParams({ q }).toString()}` : MARKET_SEARCH;
}

/** The desktop top bar's market search: Enter opens the search page with the query (the page lives in mf_trading). */
export function TopNavSearch() {
  const { t } = useTranslation('shell');
  const id = useId();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(marketSearchUrl(query));
    setQuery('');
  };
  return (
    <form role="search" className={styles.topNavSearch} onSubmit={submit} data-testid="topnav-search">
      <label htmlFor={id} className={styles.topNavSearchLabel}>
        {t('marketSearchLabel')}
      </label>
      <svg className={styles.topNavSearchIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zm5.3-2.2L21 21" />
      </svg>
      <input
        id={id}
        type="search"
        className={styles.topNavSearchInput}
        value={query}
        placeholder={t('marketSearchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setQuery(event.target.value)}
      />
    </form>
  );
}
