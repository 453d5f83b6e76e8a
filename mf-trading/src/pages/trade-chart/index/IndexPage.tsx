import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { baseCoin, instrumentPriceDecimals, ErrorState, Page, Spinner, lastCurrencyObjectAtom, requireLogin, formatQuotePrice } from '@meridian/shared';
import { KLINE_INTERVALS, type KlineInterval, type MarketQuote } from '../../../api/market';
import { useLiveQuote, useRememberViewed } from '../../../components/market/useLiveQuote';
import { direction, formatChangePercent, formatVolume } from '../../../components/market/quotes';
import { useFavorites, type Favorites } from '../../../components/market/useFavorites';
import { useT, type Key } from '../../../i18n';
import { tradeUrl } from '../../../paths';
import tradeStyles from '../../../components/trade/trade.module.css';
import { DepthPanel } from '../DepthPanel';
import { KlinePanel } from '../KlinePanel';
import { SymbolPicker } from '../SymbolPicker';
import type { IndicatorToggles } from '../indicators';
import styles from '../chart.module.css';
import marketStyles from '../../../components/market/market.module.css';

export const DEFAULT_INTERVAL: KlineInterval = '15m';

const INTERVAL_LABEL: Record<KlineInterval, Key> = {
  '1m': 'interval1m',
  '5m': 'interval5m',
  '15m': 'interval15m',
  '30m': 'interval30m',
  '1h': 'interval1h',
  '4h': 'interval4h',
  '1d': 'interval1d',
  '1w': 'interval1w',
};

const isInterval = (value: string | null): value is KlineInterval => (KLINE_INTERVALS as readonly (string | null)[]).includes(value);

function Stats({ quote }: { quote: MarketQuote }) {
  const { t } = useT();
  const trend = direction(quote.changePercent);
  const stat = (label: Key, value: string, testId: string) => (
    <div className={styles.stat}>
      <dt>{t(label)}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <div className={styles.ticker}>
      <div className={styles.lastLine}>
        <span className={`${styles.last} ${marketStyles[trend]}`} data-testid="chart-last">
          {formatQuotePrice(quote.price, instrumentPriceDecimals(quote))}
        </span>
        <span className={`${marketStyles.change} ${marketStyles[trend]}`} data-testid="chart-change" data-direction={trend}>
          {formatChangePercent(quote.changePercent)}
        </span>
        {quote.marketOpen === false ? <span className={marketStyles.closed}>{t('marketClosed')}</span> : null}
      </div>
      <dl className={styles.stats} aria-label={t('statsLabel')}>
        {stat('statOpen', formatQuotePrice(quote.open, instrumentPriceDecimals(quote)), 'stat-open')}
        {stat('colHigh', formatQuotePrice(quote.high, instrumentPriceDecimals(quote)), 'stat-high')}
        {stat('colLow', formatQuotePrice(quote.low, instrumentPriceDecimals(quote)), 'stat-low')}
        {stat('colVolume', formatVolume(quote.volume), 'stat-volume')}
      </dl>
    </div>
  );
}

function ChartControls({
  interval,
  toggles,
  onInterval,
  onToggles,
}: {
  interval: KlineInterval;
  toggles: IndicatorToggles;
  onInterval: (interval: KlineInterval) => void;
  onToggles: (change: (current: IndicatorToggles) => IndicatorToggles) => void;
}) {
  const { t } = useT();
  const toggle = (key: keyof IndicatorToggles, label: Key, hint: Key) => (
    <button
      type="button"
      className={styles.segment}
      aria-pressed={toggles[key]}
      title={t(hint)}
      data-testid={`toggle-${key}`}
      onClick={() => onToggles((current) => ({ ...current, [key]: !current[key] }))}
    >
      {t(label)}
    </button>
  );
  return (
    <div className={styles.controls}>
      <div role="group" aria-label={t('intervalsLabel')} className={styles.segments}>
        {KLINE_INTERVALS.map((item) => (
          <button
            key={item}
            type="button"
            className={styles.segment}
            aria-pressed={item === interval}
            data-testid={`interval-${item}`}
            onClick={() => onInterval(item)}
          >
            {t(INTERVAL_LABEL[item])}
          </button>
        ))}
      </div>
      <div role="group" aria-label={t('indicatorsLabel')} className={styles.segments}>
        {toggle('ma', 'indicatorMa', 'indicatorMaHint')}
        {toggle('boll', 'indicatorBoll', 'indicatorBollHint')}
      </div>
    </div>
  );
}

/** Everything about one symbol; keyed by it, so nothing of the previous symbol shows while the next loads. */
function SymbolView({
  symbol,
  interval,
  toggles,
  favorites,
  onPick,
  controls,
}: {
  symbol: string;
  interval: KlineInterval;
  toggles: IndicatorToggles;
  favorites: Favorites;
  onPick: () => void;
  /** The interval and overlay switches, between the statistics and the chart. */
  controls: ReactNode;
}) {
  const { t } = useT();
  const stats = useLiveQuote(symbol);
  const quote = stats.quote;
  useRememberViewed(stats.data);
  const favorite = favorites.symbols.has(symbol);
  const star = () => {
    if (favorites.enabled) favorites.toggle(symbol);
    else requireLogin(`${window.location.pathname}${window.location.search}`);
  };

  return (
    <>
      <div className={styles.header}>
        <button type="button" className={styles.symbolButton} onClick={onPick} aria-label={t('changeMarket', { symbol })} data-testid="chart-symbol">
          <span className={styles.symbolText}>{symbol}</span>
          <span aria-hidden="true">▾</span>
        </button>
        {quote?.name ? <span className={styles.symbolName}>{quote.name}</span> : null}
        <button
          type="button"
          className={favorite ? `${marketStyles.star} ${marketStyles.starOn}` : marketStyles.star}
          aria-pressed={favorite}
          aria-label={t(favorite ? 'removeFavorite' : 'addFavorite', { symbol })}
          data-testid="chart-favorite"
          onClick={star}
        >
          <span aria-hidden="true">{favorite ? '★' : '☆'}</span>
        </button>
      </div>
      {/* the statistics' box from the first paint: the controls and the chart below stay where they are */}
      <div className={stats.loading ? `${styles.statsSlot} ${styles.statsLoading}` : styles.statsSlot}>
        {stats.loading ? <Spinner /> : stats.error || !quote ? <ErrorState title={t('statsFailed')} onRetry={() => void stats.reload()} /> : <Stats quote={quote} />}
      </div>
      {controls}
      <div className={styles.body}>
        <section className={styles.chartArea} aria-label={t('tradeChartTitle')}>
          <KlinePanel key={interval} symbol={symbol} interval={interval} toggles={toggles} decimals={quote ? instrumentPriceDecimals(quote) : null} />
        </section>
        <DepthPanel symbol={symbol} isIco={stats.data ? stats.data.isIco === 1 : null} priceDecimals={quote ? instrumentPriceDecimals(quote) : null} amountDecimals={quote?.amountDecimals} />
      </div>
    </>
  );
}

/**
 * /pages/trade-chart/index?symbol=…&interval=… — one market's candles (live), volume, MA and BOLL overlays,
 * 24 h statistics and order book. Without a symbol it opens the market viewed last (BTCUSDT at first).
 */
export function TradeChartIndexPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const lastViewed = useAtomValue(lastCurrencyObjectAtom);
  const symbol = (params.get('symbol')?.trim() || lastViewed.symbol).toUpperCase();
  const requested = params.get('interval');
  const interval = isInterval(requested) ? requested : DEFAULT_INTERVAL;
  const [toggles, setToggles] = useState<IndicatorToggles>({ ma: true, boll: false });
  const [picking, setPicking] = useState(false);
  const favorites = useFavorites();

  const show = (next: { symbol?: string; interval?: KlineInterval }) =>
    setParams({ symbol: next.symbol ?? symbol, interval: next.interval ?? interval }, { replace: next.symbol === undefined });

  return (
    <Page title={t('tradeChartTitle')} subtitle={t('tradeChartDescription')}>
      <SymbolView
        key={symbol}
        symbol={symbol}
        interval={interval}
        toggles={toggles}
        favorites={favorites}
        onPick={() => setPicking(true)}
        controls={<ChartControls interval={interval} toggles={toggles} onInterval={(next) => show({ interval: next })} onToggles={setToggles} />}
      />
      {picking ? (
        <SymbolPicker
          current={symbol}
          onClose={() => setPicking(false)}
          onChoose={(next) => {
            setPicking(false);
            show({ symbol: next });
          }}
        />
      ) : null}
      <div className={tradeStyles.chartTradeBar}>
        <Link className={`${tradeStyles.submit} ${tradeStyles.submitBuy} ${tradeStyles.entry}`} to={tradeUrl(symbol, { side: 'buy' })} data-testid="chart-buy">
          {t('chartBuy', { coin: baseCoin(symbol) })}
        </Link>
        <Link className={`${tradeStyles.submit} ${tradeStyles.submitSell} ${tradeStyles.entry}`} to={tradeUrl(symbol, { side: 'sell' })} data-testid="chart-sell">
          {t('chartSell', { coin: baseCoin(symbol) })}
        </Link>
      </div>
    </Page>
  );
}
