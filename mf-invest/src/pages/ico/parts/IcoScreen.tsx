import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { QueryState, showToast, type QueryLike } from '@meridian/shared';
import { useT, type Key } from '../../../i18n';
import { OfferCard } from './OfferCard';
import { SubscribeDialog } from './SubscribeDialog';
import { TABS, useEntries, useOfferList, type Entry, type Offer, type Tab } from './queries';
import styles from '../ico.module.css';

const TAB_KEYS: Record<Tab, Key> = { upcoming: 'icoTabUpcoming', open: 'icoTabOpen', pending: 'icoTabPending', winning: 'icoTabWinning', mine: 'icoTabMine' };
const EMPTY_KEYS: Record<Tab, Key> = { upcoming: 'icoEmptyUpcoming', open: 'icoEmptyOpen', pending: 'icoEmptyPending', winning: 'icoEmptyWinning', mine: 'icoEmptyMine' };
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

/**
 * The token offerings screen (phone and desktop): the spec's lists as tabs (the tab is in the address, so back and
 * reload keep it), each offering with its countdown, terms and the user's subscription with the draw's evidence.
 */
export function IcoScreen({ layout = 'phone' }: { layout?: 'phone' | 'desktop' }) {
  const { t } = useT();
  const store = useStore();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'open';
  const [subscribing, setSubscribing] = useState<Offer | null>(null);

  const choose = (next: Tab) => {
    const params = new URLSearchParams(search);
    params.set('tab', next);
    setSearch(params, { replace: true });
  };

  const done = (entry: Entry) => {
    setSubscribing(null);
    showToast(store, t('icoSubscribed', { quantity: entry.subscription.quantity, token: entry.offer.token }), 'success');
    choose('mine');
  };

  return (
    <div className={`${styles.stack} ${layout === 'desktop' ? styles.desktop : ''}`}>
      <p className={styles.muted}>{t('icoIntro')}</p>
      <div className={styles.tabs} role="tablist" aria-label={t('icoTabsLabel')}>
        {TABS.map((value) => (
          <button key={value} type="button" role="tab" className={styles.tab} aria-selected={tab === value} onClick={() => choose(value)} data-testid={`ico-tab-${value}`}>
            {t(TAB_KEYS[value])}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(TAB_KEYS[tab])}>
        {tab === 'winning' || tab === 'mine' ? <EntryList tab={tab} /> : <OfferList tab={tab} onSubscribe={setSubscribing} />}
      </div>
      {subscribing ? <SubscribeDialog offer={subscribing} onClose={() => setSubscribing(null)} onDone={done} /> : null}
    </div>
  );
}

function Cards<T>({ query, tab, render }: { query: QueryLike<T[]>; tab: Tab; render: (item: T) => React.ReactNode }) {
  const { t } = useT();
  return (
    <QueryState query={query} isEmpty={(items) => items.length === 0} emptyTitle={t(EMPTY_KEYS[tab])} errorTitle={t('icoLoadFailed')}>
      {(items) => (
        <ul className={styles.cards} data-testid={`ico-list-${tab}`}>
          {items.map(render)}
        </ul>
      )}
    </QueryState>
  );
}

function OfferList({ tab, onSubscribe }: { tab: 'upcoming' | 'open' | 'pending'; onSubscribe: (offer: Offer) => void }) {
  const offers = useOfferList(tab);
  return <Cards query={offers} tab={tab} render={(offer) => <OfferCard key={offer.id} offer={offer} onSubscribe={onSubscribe} />} />;
}

function EntryList({ tab }: { tab: 'winning' | 'mine' }) {
  const entries = useEntries(tab);
  return <Cards query={entries} tab={tab} render={(entry) => <OfferCard key={entry.subscription.id} offer={entry.offer} subscription={entry.subscription} />} />;
}
