import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n';
import { P } from '../../paths';
import styles from './market.module.css';

/** The search URL for a query (the search page starts with it). */
export const searchUrl = (query: string) => (query.trim() ? `${P.search}?${new URLSearchParams({ q: query.trim() }).toString()}` : P.search);

/** The desktop market page's search field: Enter (or the button) opens the search page with the query. */
export function MarketSearchForm() {
  const { t } = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchUrl(query));
  };
  return (
    <form role="search" className={`${styles.searchBar} ${styles.marketSearch}`} onSubmit={submit} data-testid="market-search">
      <label htmlFor={id} className={styles.visuallyHidden}>
        {t('searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        value={query}
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit" className={styles.searchSubmit}>
        {t('searchTitle')}
      </button>
    </form>
  );
}
