import { Link } from 'react-router-dom';
import { Page } from '@meridian/shared';
import { MarketBoard } from '../../../components/market/MarketBoard';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import styles from '../../../components/market/market.module.css';

/**
 * /pages/quote/index — the market tab: a search entry at the top (as market screens of trading apps have), then
 * the live quotes by category, favourites, sorting, pull to refresh; a row opens its chart.
 */
export function QuoteIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('quoteTitle')} subtitle={t('quoteDescription')}>
      <Link to={P.search} className={styles.searchEntry} aria-label={t('searchTitle')} data-testid="quote-search">
        <svg className={styles.searchIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zm5.3-2.2L21 21" />
        </svg>
        <span className={styles.searchEntryText}>{t('searchPlaceholder')}</span>
      </Link>
      <MarketBoard />
    </Page>
  );
}
