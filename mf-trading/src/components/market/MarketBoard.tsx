import * as contracts from '@meridian/contracts';
import { useState } from 'react';
import { Button, PullToRefresh, queryOf, requireLogin } from '@meridian/shared';
import { CATEGORIES, type Category, type MarketQuote } from '../../api/market';
import { useT, type Key } from '../../i18n';
import { QuoteTable } from './QuoteTable';
import { useFavorites, type Favorites } from './useFavorites';
import { useLiveQuotes } from './quotes';
import { LOUD, useSnapshot, type SnapshotRead } from './useSnapshot';
import styles from './market.module.css';

export type Tab = 'FAVORITES' | Category;
export const TABS: readonly Tab[] = ['FAVORITES', ...CATEGORIES];

const TAB_LABEL: Record<Tab, Key> = {
  FAVORITES: 'tabFavorites',
  CRYPTO: 'tabCrypto',
  FOREX: 'tabForex',
  CFD: 'tabCfd',
  INDIES: 'tabIndices',
  STOCK: 'tabStocks',
};

function QuoteList({
  read,
  dense,
  favorites,
  onlyStarred,
  emptyTitle,
}: {
  /** The snapshot's read (queryOf). */
  read: SnapshotRead;
  dense: boolean;
  favorites: Favorites;
  /** The favourites tab: an unstarred row leaves the list at once (and comes back if the server refuses). */
  onlyStarred?: boolean;
  emptyTitle: string;
}) {
  const { t } = useT();
  const snapshot = useSnapshot<MarketQuote[]>(read);
  const live = useLiveQuotes(snapshot.data);
  const quotes = onlyStarred ? live.filter((quote) => favorites.symbols.has(quote.symbol)) : live;
  return (
    <PullToRefresh
      label={t('quoteListLabel')}
      onRefresh={snapshot.reload}
      loading={snapshot.loading}
      error={snapshot.error}
      errorTitle={t('loadFailed')}
      empty={quotes.length === 0}
      emptyTitle={emptyTitle}
    >
      <QuoteTable
        quotes={quotes}
        dense={dense}
        label={t('quoteListLabel')}
        favorites={favorites.enabled ? favorites.symbols : null}
        onToggleFavorite={favorites.toggle}
      />
    </PullToRefresh>
  );
}

function CategoryList({ category, dense, favorites }: { category: Category; dense: boolean; favorites: Favorites }) {
  const { t } = useT();
  return <QuoteList read={queryOf(contracts.market.byType, { type: category }, LOUD)} dense={dense} favorites={favorites} emptyTitle={t('noMarkets')} />;
}

function LoginPrompt() {
  const { t } = useT();
  return (
    <div className={styles.prompt} data-testid="favorites-login">
      <p>{t('favoritesLoginPrompt')}</p>
      <Button onClick={() => requireLogin(`${window.location.pathname}${window.location.search}`)}>{t('logIn')}</Button>
    </div>
  );
}

/** The market categories as tabs over one live quote list (the mobile market tab and the desktop market page). */
export function MarketBoard({ dense = false }: { dense?: boolean }) {
  const { t } = useT();
  const favorites = useFavorites();
  const [tab, setTab] = useState<Tab>('CRYPTO');
  const panelId = dense ? 'market-panel-desktop' : 'market-panel';

  let panel;
  if (tab !== 'FAVORITES') panel = <CategoryList key={tab} category={tab} dense={dense} favorites={favorites} />;
  else if (!favorites.enabled) panel = <LoginPrompt />;
  else panel = <QuoteList key={tab} read={queryOf(contracts.market.favorites, undefined, LOUD)} dense={dense} favorites={favorites} onlyStarred emptyTitle={t('noFavorites')} />;

  return (
    <div className={styles.board}>
      <div role="tablist" aria-label={t('categoriesLabel')} className={styles.tabs}>
        {TABS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`${panelId}-tab-${item}`}
            aria-selected={tab === item}
            aria-controls={panelId}
            className={tab === item ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            data-testid={`market-tab-${item}`}
            onClick={() => setTab(item)}
          >
            {t(TAB_LABEL[item])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-tab-${tab}`} className={styles.panel}>
        {panel}
      </div>
    </div>
  );
}
