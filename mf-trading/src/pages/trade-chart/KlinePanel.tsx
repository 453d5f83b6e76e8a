import * as contracts from '@meridian/contracts';
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { queryOf, EmptyState, ErrorState, Spinner, magnitudeDecimals, formatQuotePrice } from '@meridian/shared';
import type { Bar, KlineInterval } from '../../api/market';
import { formatVolume } from '../../components/market/quotes';
import { LOUD, useSnapshot } from '../../components/market/useSnapshot';
import { useT } from '../../i18n';
import { OVERLAY_COLORS, type ChartMark } from './chartOption';
import { barTime, computeOverlays, type IndicatorToggles, type Overlays } from './indicators';
import { useLiveBars } from './useLiveBars';
import styles from './chart.module.css';

/** Bars of history the chart loads (the server keeps at least 500 per series). */
export const KLINE_LIMIT = 300;

const loadChart = () => import('./KlineChart');

/** A failed chart chunk (offline, a new deploy) stays inside the chart area, with a retry that loads it again. */
class ChartBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[mf_trading] the chart could not be shown', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

function Readout({ bar, index, overlays, interval, decimals }: { bar: Bar; index: number; overlays: Overlays; interval: KlineInterval; decimals: number }) {
  const { t } = useT();
  const price = (value: string | null | undefined) => (value ? formatQuotePrice(value, decimals) : '—');
  const item = (label: string, value: string, color?: string) => (
    <span key={label} className={styles.readoutItem}>
      <span className={styles.readoutLabel} style={color ? { color } : undefined}>
        {label}
      </span>{' '}
      {value}
    </span>
  );
  return (
    <div className={styles.readout} data-testid="ohlc-readout" aria-live="off">
      <span className={styles.readoutTime} data-testid="ohlc-time">
        {t('barTimeUtc', { time: barTime(bar.openTime, interval) })}
      </span>
      {item(t('ohlcOpen'), price(bar.open))}
      {item(t('ohlcHigh'), price(bar.high))}
      {item(t('ohlcLow'), price(bar.low))}
      <span className={styles.readoutItem}>
        <span className={styles.readoutLabel}>{t('ohlcClose')}</span> <span data-testid="ohlc-close">{price(bar.close)}</span>
      </span>
      {item(t('ohlcVolume'), formatVolume(bar.volume))}
      {overlays.ma.map(({ period, values }) =>
        item(`${t('indicatorMa')}${period}`, price(values[index]), OVERLAY_COLORS[`ma${period}` as keyof typeof OVERLAY_COLORS]),
      )}
      {overlays.boll ? (
        <>
          {item(t('bollUpper'), price(overlays.boll.upper[index]), OVERLAY_COLORS.boll)}
          {item(t('bollMiddle'), price(overlays.boll.middle[index]), OVERLAY_COLORS.boll)}
          {item(t('bollLower'), price(overlays.boll.lower[index]), OVERLAY_COLORS.boll)}
        </>
      ) : null}
    </div>
  );
}

/** One symbol and interval: the server's K-lines, moved live by the quote stream, drawn by the lazy chart. */
export function KlinePanel({
  symbol,
  interval,
  toggles,
  decimals: quoteDecimals,
  marks,
}: {
  symbol: string;
  interval: KlineInterval;
  toggles: IndicatorToggles;
  /** The instrument's price decimals; null until its quote arrives (the last close's magnitude stands in). */
  decimals: number | null;
  /** Prices pinned on their bars (an open seconds contract's entry); one whose bar is not loaded is left out. */
  marks?: readonly ChartMark[];
}) {
  const { t } = useT();
  const history = useSnapshot<{ bars: Bar[] }>(queryOf(contracts.market.klines, { symbol, interval, limit: KLINE_LIMIT }, LOUD));
  const bars = useLiveBars(history.data?.bars ?? null, symbol, interval);
  const lastClose = bars?.[bars.length - 1]?.close;
  const decimals = quoteDecimals ?? (lastClose ? magnitudeDecimals(lastClose) : 2);
  const overlays = useMemo(() => computeOverlays(bars ?? [], toggles, decimals), [bars, toggles, decimals]);
  const shownMarks = useMemo(() => (marks?.length && bars ? marks.filter((mark) => bars.some((bar) => bar.openTime === mark.barOpenTime)) : undefined), [marks, bars]);
  const [hovered, setHovered] = useState<number | null>(null);
  // React.lazy keeps a failed import for good: a retry needs a new lazy component
  const [KlineChart, setKlineChart] = useState(() => lazy(loadChart));

  // A bar opened from the stream has no volume (quotes carry 24 h volume): take the server's bars again.
  const { reload } = history;
  const lastOpen = bars?.[bars.length - 1]?.openTime;
  const historyBars = history.data?.bars;
  const historyOpen = historyBars?.[historyBars.length - 1]?.openTime;
  useEffect(() => {
    if (lastOpen !== undefined && historyOpen !== undefined && lastOpen > historyOpen) void reload();
  }, [lastOpen, historyOpen, reload]);

  if (history.loading) return <Spinner label={t('chartLoading')} />;
  if (history.error) return <ErrorState title={t('chartFailed')} onRetry={() => void history.reload()} />;
  if (!bars || bars.length === 0) return <EmptyState title={t('chartEmpty')} />;

  const index = hovered !== null && hovered >= 0 && hovered < bars.length ? hovered : bars.length - 1;
  return (
    <>
      <Readout bar={bars[index]!} index={index} overlays={overlays} interval={interval} decimals={decimals} />
      <ChartBoundary fallback={(retry) => <ErrorState title={t('chartFailed')} onRetry={() => {
                setKlineChart(() => lazy(loadChart));
                retry();
              }} />}>
        <Suspense fallback={<Spinner label={t('chartLoading')} />}>
          <KlineChart
            bars={bars}
            overlays={overlays}
            interval={interval}
            decimals={decimals}
            label={t('chartLabel', { symbol })}
            onHover={setHovered}
            marks={shownMarks}
          />
        </Suspense>
      </ChartBoundary>
    </>
  );
}
