import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import Decimal from 'decimal.js';
import { market } from '@meridian/contracts';
import { ErrorState, magnitudeDecimals, Spinner, useApiQuery } from '@meridian/shared';
import type { Bar } from '../../api/market';
import { useT } from '../../i18n';
import type { ChartMark } from '../../pages/trade-chart/chartOption';
import { barTime } from '../../pages/trade-chart/indicators';
import type { SecondsDetail } from './terms';
import tradeStyles from '../trade/trade.module.css';
import styles from './seconds.module.css';

// the same lazy chart as the trade screens (ECharts stays out of the detail's first bundle)
const KlineChart = lazy(() => import('../../pages/trade-chart/KlineChart'));

const MINUTE = 60_000;
/** The server answers at most this many bars per call: a contract older than that has no 1-minute candles to show. */
const MAX_BARS = 1000;
/** Candles shown before the opening one and after the closing one. */
const BEFORE = 15;
const AFTER = 5;
const NO_OVERLAYS = { ma: [], boll: null };
const MARK_COLORS = { open: '#2563eb', close: '#d97706' } as const;

/** The 1-minute candle a time falls in (its open ≤ time < open + 1 min), if the bars reach that far. */
export function candleAt(bars: readonly Bar[], time: number): Bar | null {
  return bars.find((bar) => bar.openTime <= time && time < bar.openTime + MINUTE) ?? null;
}

/** Whether a recorded price lies within a candle's [low, high]: the K-line and the tick must tell the same story. */
export function withinCandle(bar: Pick<Bar, 'low' | 'high'>, price: string): boolean {
  return new Decimal(price).gte(bar.low) && new Decimal(price).lte(bar.high);
}

function KlineCheck({ which, price, bar }: { which: 'open' | 'close'; price: string; bar: Bar | null }) {
  const { t } = useT();
  const label = t(which === 'open' ? 'secondsOpenPrice' : 'secondsClosePrice');
  // as recorded, unrounded: the evidence is the exact figures
  const shown = price;
  if (!bar)
    return (
      <p className={`${styles.check} ${tradeStyles.muted}`} data-testid={`seconds-kline-check-${which}`} data-agrees="unknown">
        {t('secondsKlineMissing', { label, price: shown })}
      </p>
    );
  const agrees = withinCandle(bar, price);
  return (
    <p className={`${styles.check} ${agrees ? '' : tradeStyles.down}`} data-testid={`seconds-kline-check-${which}`} data-agrees={String(agrees)}>
      {`${agrees ? '✓' : '✗'} `}
      {t(agrees ? 'secondsKlineAgrees' : 'secondsKlineDisagrees', {
        label,
        price: shown,
        time: barTime(bar.openTime, '1m'),
        low: bar.low,
        high: bar.high,
      })}
    </p>
  );
}

/**
 * The recorded 1-minute K-line around a contract, with its opening and closing prices pinned on their candles, and
 * for each price whether it lies within its candle's low–high range.
 */
export function ContractChart({ detail }: { detail: SecondsDetail }) {
  const { t } = useT();
  const { contract, openTick, closeTick } = detail;
  const openTime = new Date(openTick.feedTime).getTime();
  const closeTime = closeTick ? new Date(closeTick.feedTime).getTime() : null;
  // read again once the contract settles (its closing candle may not have existed before)
  // the bars from before the opening until now, counted once per contract and close (not on every render)
  const closeId = closeTick?.id ?? null;
  const limit = useMemo(() => Math.min(MAX_BARS, Math.ceil((Date.now() - openTime) / MINUTE) + BEFORE + 1), [openTime, closeId]); // eslint-disable-line react-hooks/exhaustive-deps
  const klines = useApiQuery(market.klines, { symbol: contract.symbol, interval: '1m', limit });
  const { refetch } = klines;
  const closed = useRef(closeId);
  useEffect(() => {
    if (closed.current === closeId) return;
    closed.current = closeId;
    void refetch();
  }, [closeId, refetch]);
  const bars = klines.data?.bars;
  const view = useMemo(() => {
    if (!bars?.length) return null;
    const openBar = candleAt(bars, openTime);
    const closeBar = closeTime === null ? null : candleAt(bars, closeTime);
    const first = openBar ? Math.max(0, bars.indexOf(openBar) - BEFORE) : 0;
    const last = closeBar ? Math.min(bars.length, bars.indexOf(closeBar) + AFTER + 1) : bars.length;
    // the labels carry the prices as recorded, unrounded, as the checks below do (the evidence is the exact figures)
    const marks: ChartMark[] = [];
    if (openBar) marks.push({ label: t('secondsMarkOpen', { price: openTick.price }), barOpenTime: openBar.openTime, price: openTick.price, color: MARK_COLORS.open });
    if (closeBar && closeTick) marks.push({ label: t('secondsMarkClose', { price: closeTick.price }), barOpenTime: closeBar.openTime, price: closeTick.price, color: MARK_COLORS.close });
    return { openBar, closeBar, shown: bars.slice(first, last), marks };
  }, [bars, openTime, closeTime, openTick.price, closeTick, t]);

  if (klines.isLoading) return <Spinner label={t('chartLoading')} />;
  if (klines.isError || !view) return <ErrorState title={t('chartFailed')} onRetry={() => void klines.refetch()} />;
  const decimals = magnitudeDecimals(openTick.price);
  return (
    <div data-testid="seconds-chart">
      <div className={styles.chart}>
        <Suspense fallback={<Spinner label={t('chartLoading')} />}>
          <KlineChart bars={view.shown} overlays={NO_OVERLAYS} interval="1m" decimals={decimals} label={t('secondsChartLabel', { symbol: contract.symbol })} onHover={() => undefined} marks={view.marks} />
        </Suspense>
      </div>
      <KlineCheck which="open" price={openTick.price} bar={view.openBar} />
      {closeTick ? <KlineCheck which="close" price={closeTick.price} bar={view.closeBar} /> : null}
    </div>
  );
}
