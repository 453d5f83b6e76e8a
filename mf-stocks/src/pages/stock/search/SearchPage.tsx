import { useState } from 'react';
import { Card, Page, QueryState } from '@meridian/shared';
import { useT } from '../../../i18n';
import { useStockList } from '../../../stock-core/api';
import { StockList } from '../../../stock-core/parts';
import styles from '../../../stock-core/stock.module.css';

/** /pages/stock/search — stocks of both markets by symbol or name (stock/list with a keyword). */
export function StockSearchPage() {
  const { t } = useT();
  const [keyword, setKeyword] = useState('');
  const [venue, setVenue] = useState<'US' | 'TSE' | undefined>(undefined);
  const list = useStockList(venue, keyword.trim());
  return (
    <Page title={t('stockSearchTitle')}>
      <Card className={styles.card}>
        <label className={styles.field}>
          <span>{t('stockSearchLabel')}</span>
          <input
            className={styles.input}
            type="search"
            value={keyword}
            maxLength={40}
            placeholder={t('stockSearchPlaceholder')}
            onChange={(e) => setKeyword(e.target.value)}
            data-testid="stock-search-input"
          />
        </label>
        <div className={styles.segmented} role="group" aria-label={t('stockVenueFilter')}>
          {([undefined, 'US', 'TSE'] as const).map((v) => (
            <button key={v ?? 'all'} type="button" className={styles.chip} aria-pressed={venue === v} onClick={() => setVenue(v)}>
              {v === undefined ? t('stockAllMarkets') : v === 'US' ? t('stockMarketUs') : t('stockMarketTse')}
            </button>
          ))}
        </div>
        <QueryState query={list} isEmpty={(d) => d.list.length === 0} emptyTitle={t('stockSearchEmpty')}>
          {(d) => <StockList stocks={d.list} testId="stock-search-results" />}
        </QueryState>
      </Card>
    </Page>
  );
}
