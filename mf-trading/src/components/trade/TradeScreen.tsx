import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { ForexLists, ForexPanel } from '../forex/ForexPanel';
import { ForexSymbolBar } from '../forex/ForexSymbolBar';
import { useForexConfig } from '../forex/useForexConfig';
import { SecondsTab } from '../seconds/SecondsTab';
import { instrumentPriceDecimals, lastCurrencyObjectAtom, lastForexObjectAtom, Spinner, useIsLoggedIn } from '@meridian/shared';
import { useLiveQuote, useRememberViewed } from '../market/useLiveQuote';
import { SymbolPicker } from '../../pages/trade-chart/SymbolPicker';
import { useT } from '../../i18n';
import { OrderBook } from './OrderBook';
import { OrderForm, type PickedPrice, type TradeMarket } from './OrderForm';
import { PerpStats } from './PerpStats';
import { RecentTrades } from './RecentTrades';
import { SymbolBar } from './SymbolBar';
import { TradeLists } from './TradeLists';
import { useTradingConfig } from './useTradingConfig';
import styles from './trade.module.css';

// the chart (ECharts) is the heaviest part of the desktop screen: it loads after the rest, never on the phone
const KlinePanel = lazy(() => import('../../pages/trade-chart/KlinePanel').then((m) => ({ default: m.KlinePanel })));

const isMarket = (value: string | null): value is TradeMarket => value === 'spot' || value === 'perp';

/**
 * The trade screen of one market: the symbol bar, spot or perpetual tabs, the order form beside the order book
 * (phone), or the classic grid with the chart (desktop). The market comes from ?symbol= or the one viewed last
 * (BTCUSDT at first), the tab from ?tab=.
 */
export function TradeScreen({ layout }: { layout: 'phone' | 'desktop' }) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const lastViewed = useAtomValue(lastCurrencyObjectAtom);
  const symbol = (params.get('symbol')?.trim() || lastViewed.symbol).toUpperCase();
  const tab = params.get('tab');
  const market: TradeMarket = isMarket(tab) ? tab : 'spot';
  const forexTab = tab === 'forex';
  const secondsTab = tab === 'seconds';
  const lastForex = useAtomValue(lastForexObjectAtom);
  // the pair's decimals for the chart's axis and readout (the catalogue's 10 are finer than any FX quote)
  const forexConfig = useForexConfig(lastForex.symbol, forexTab && layout === 'desktop');
  const side = params.get('side');
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const loggedIn = useIsLoggedIn();

  const live = useLiveQuote(symbol);
  useRememberViewed(live.data);
  const quote = live.quote ?? null;
  const { terms, settings } = useTradingConfig(symbol);
  const priceDecimals = terms?.priceDecimals ?? (quote ? instrumentPriceDecimals(quote) : null);
  const amountDecimals = terms?.amountDecimals ?? quote?.amountDecimals ?? null;
  const isIco = live.data ? live.data.isIco === 1 : null;
  const tradable = terms ? (market === 'spot' ? terms.spotEnabled : terms.perpetualEnabled) : true;

  const show = (next: { symbol?: string; tab?: TradeMarket | 'forex' | 'seconds' }) => {
    const out = new URLSearchParams(params);
    if (next.symbol) out.set('symbol', next.symbol);
    if (next.tab) out.set('tab', next.tab);
    out.delete('side');
    setParams(out);
  };

  const bar = <SymbolBar symbol={symbol} quote={quote} loading={live.loading} onPick={() => setPicking(true)} />;
  // under the tabs, so switching tabs never moves the tabs themselves
  const perpStats = market === 'perp' ? <PerpStats quote={quote} terms={terms} /> : null;
  const tabs = (
    <div className={styles.tabs} role="tablist" aria-label={t('marketTabsLabel')}>
      {(['spot', 'perp', 'forex', 'seconds'] as const).map((item) => (
        <button key={item} type="button" role="tab" className={styles.tab} aria-selected={forexTab ? item === 'forex' : secondsTab ? item === 'seconds' : item === market} onClick={() => show({ tab: item })} data-testid={`tab-${item}`}>
          {t(item === 'spot' ? 'tabSpot' : item === 'perp' ? 'tabPerpetual' : item === 'forex' ? 'tabForex' : 'secondsTab')}
        </button>
      ))}
    </div>
  );
  // the form stands while the terms load (its submit waits for them): a spinner in its place would move the screen
  const form = !tradable ? (
    <p className={styles.notice}>{t(market === 'spot' ? 'spotNotOffered' : 'perpNotOffered', { symbol })}</p>
  ) : (
    <OrderForm key={`${market}:${symbol}`} market={market} symbol={symbol} quote={quote} terms={terms} settings={settings} picked={picked} initialSide={side === 'sell' ? 'sell' : 'buy'} />
  );
  const book = (
    <OrderBook
      symbol={symbol}
      isIco={isIco}
      lastPrice={quote?.price ?? null}
      changePercent={quote?.changePercent ?? null}
      priceDecimals={priceDecimals}
      amountDecimals={amountDecimals}
      onPickPrice={(price) => setPicked({ price })}
    />
  );
  const picker = picking ? (
    <SymbolPicker
      current={symbol}
      onClose={() => setPicking(false)}
      onChoose={(next) => {
        setPicking(false);
        show({ symbol: next });
      }}
    />
  ) : null;

  // fixed-term up/down contracts on this symbol: a form, a countdown list and the disclosure of their own
  if (secondsTab)
    return (
      <SecondsTab
        layout={layout}
        symbol={symbol}
        quote={quote}
        priceDecimals={priceDecimals}
        top={
          <>
            {bar}
            {tabs}
          </>
        }
        picker={picker}
      />
    );

  // a forex position lives on the perpetual engine but trades in lots on its own pairs: the tab is a screen of its own
  if (forexTab && layout === 'desktop')
    return (
      <div className={`${styles.desktop} ${styles.desktopForex}`} data-testid="trade-desktop">
        <div className={styles.desktopBar}>
          <ForexSymbolBar />
          {tabs}
        </div>
        <section className={styles.desktopChart} aria-label={t('tradeChartTitle')}>
          <Suspense fallback={<Spinner />}>
            <KlinePanel symbol={lastForex.symbol} interval="15m" toggles={{ ma: true, boll: false }} decimals={forexConfig.data?.priceDecimals ?? null} />
          </Suspense>
        </section>
        <div className={styles.desktopForm}>
          <ForexPanel withLists={false} />
        </div>
        <div className={styles.desktopLists}>
          <ForexLists table />
        </div>
      </div>
    );
  if (forexTab)
    return (
      <div className={styles.screen} data-testid="trade-phone">
        {tabs}
        <ForexPanel />
      </div>
    );

  if (layout === 'desktop')
    return (
      <div className={styles.desktop} data-testid="trade-desktop">
        <div className={styles.desktopBar}>
          {bar}
          {tabs}
          {perpStats}
        </div>
        <section className={styles.desktopChart} aria-label={t('tradeChartTitle')}>
          <Suspense fallback={<Spinner />}>
            <KlinePanel symbol={symbol} interval="15m" toggles={{ ma: true, boll: false }} decimals={priceDecimals} />
          </Suspense>
        </section>
        <div className={styles.desktopBook}>
          {book}
          <RecentTrades symbol={symbol} priceDecimals={priceDecimals} />
        </div>
        <div className={styles.desktopForm}>{form}</div>
        <div className={styles.desktopLists}>
          <TradeLists market={market} symbol={loggedIn ? undefined : symbol} table />
        </div>
        {picker}
      </div>
    );

  return (
    <div className={styles.screen} data-testid="trade-phone">
      {bar}
      {tabs}
      {perpStats}
      <div className={styles.formAndBook}>
        {form}
        {book}
      </div>
      {/* what the user just did (positions, orders, history) right under the form; the feed's prices, with the
          blank rows they keep so ticks never move the screen, at the bottom where nothing follows them */}
      <TradeLists market={market} />
      <RecentTrades symbol={symbol} priceDecimals={priceDecimals} />
      {picker}
    </div>
  );
}
