import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { seconds } from '@meridian/contracts';
import { Button, Dialog, Spinner, useApiQuery, formatQuotePrice, formatSignedMoney } from '@meridian/shared';
import { useT } from '../../i18n';
import type { ChartMark } from '../../pages/trade-chart/chartOption';
import { useDurationText } from './Disclosure';
import { formatRecordedPrice, resultOf, tickTimeOfDay, type SecondsPrefill } from './result';
import { DirectionBadge, secondsDetailUrl } from './SecondsLists';
import { useServerNow } from './serverClock';
import { formatCountdown, type SecondsContract, type SecondsDetail } from './terms';
import { useOpenContracts } from './useOpenContracts';
import tradeStyles from '../trade/trade.module.css';
import styles from './seconds.module.css';

// the trade screens' lazy chart panel: ECharts loads with this tab's chart, never with the first route
const KlinePanel = lazy(() => import('../../pages/trade-chart/KlinePanel').then((m) => ({ default: m.KlinePanel })));

type Layout = 'phone' | 'desktop';

const MINUTE = 60_000;
const ENTRY_COLOR = '#2563eb';
/** How often a contract gone from the open list is read again until the server reports it settled. */
const SETTLE_POLL_MS = 2_000;

/** An open contract's entry, pinned on the 1-minute candle it opened in. */
const entryMark = (contract: SecondsContract, label: string): ChartMark => ({
  label,
  barOpenTime: Math.floor(new Date(contract.openedAt).getTime() / MINUTE) * MINUTE,
  price: contract.openPrice,
  color: ENTRY_COLOR,
});

/**
 * The Seconds tab's live chart (phone and desktop): the symbol's 1-minute K-line with the entry price of each open
 * contract on it drawn as a level line, and above it each open contract's countdown on the server's clock.
 */
export function SecondsChart({ symbol, priceDecimals, layout }: { symbol: string; priceDecimals: number | null; layout: Layout }) {
  const { t } = useT();
  const open = useOpenContracts();
  const mine = useMemo(() => (open.data?.list ?? []).filter((c) => c.symbol === symbol), [open.data, symbol]);
  const now = useServerNow(open.data?.clockOffset ?? 0, mine.length > 0);
  const marks = useMemo(() => mine.map((c) => entryMark(c, t('secondsMarkEntry', { price: formatQuotePrice(c.openPrice, priceDecimals) }))), [mine, priceDecimals, t]);
  return (
    <div className={layout === 'phone' ? styles.phoneChart : undefined} data-testid="seconds-live-chart">
      {mine.length > 0 ? (
        <ul className={styles.liveRows} aria-label={t('secondsLiveLabel', { symbol })}>
          {mine.map((c) => {
            const remaining = new Date(c.expiresAt).getTime() - now;
            return (
              <li key={c.id} className={styles.liveRow} data-testid="seconds-live-row" data-id={c.id}>
                <DirectionBadge direction={c.direction} />
                <span>{`${c.stake} USDT`}</span>
                <span className={tradeStyles.muted} data-testid="seconds-live-entry">
                  {t('secondsMarkEntry', { price: formatQuotePrice(c.openPrice, priceDecimals) })}
                </span>
                <span className={styles.countdown} role="timer" aria-label={t('secondsTimeLeft')} data-testid="seconds-live-countdown">
                  {remaining > 0 ? formatCountdown(remaining) : t('secondsSettling')}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Suspense fallback={<Spinner label={t('chartLoading')} />}>
        <KlinePanel symbol={symbol} interval="1m" toggles={{ ma: false, boll: false }} decimals={priceDecimals} marks={marks} />
      </Suspense>
    </div>
  );
}

/**
 * The contracts bought on this screen (`watched`) that left the open list at or after their expiry, in the order
 * they did: each gets its result sheet. Others (bought elsewhere, before a reload) settle quietly into the history:
 * a sheet over someone's next purchase for a contract they did not just watch would be in the way.
 */
function useSettledQueue(watched: ReadonlyMap<string, SecondsContract>) {
  const open = useOpenContracts();
  const announced = useRef(new Set<string>());
  const [queue, setQueue] = useState<SecondsContract[]>([]);
  const data = open.data;
  useEffect(() => {
    if (!data) return;
    const now = Date.now() + data.clockOffset;
    const listed = new Set(data.list.map((c) => c.id));
    // off the list and past its expiry: settled (a list read before the purchase still has it ahead of its expiry)
    const settled = [...watched.values()].filter((c) => !announced.current.has(c.id) && !listed.has(c.id) && new Date(c.expiresAt).getTime() <= now + 1_000);
    if (settled.length === 0) return;
    for (const c of settled) announced.current.add(c.id);
    setQueue((current) => [...current, ...settled]);
  }, [data, watched]);
  const done = useCallback(() => setQueue((current) => current.slice(1)), []);
  return { next: queue[0] ?? null, done };
}

/** The result of one contract, as the server settled it, with the recorded close tick, and "Trade again". */
function ResultSheet({ detail, priceDecimals, layout, onTradeAgain, onClose }: { detail: SecondsDetail; priceDecimals: number | null; layout: Layout; onTradeAgain: () => void; onClose: () => void }) {
  const { t } = useT();
  const durationText = useDurationText();
  const c = detail.contract;
  const result = resultOf(detail);
  if (!result) return null;
  let headline: string;
  if (result.kind === 'refunded') headline = t('secondsResultRefunded', { amount: result.amount });
  else if (result.kind === 'unknown') headline = t('secondsResultUnknown', { status: result.status });
  else if (result.kind === 'win') headline = t('secondsResultWon', { net: formatSignedMoney(result.net) });
  else if (result.kind === 'loss') headline = t('secondsResultLost', { net: formatSignedMoney(result.net) });
  else headline = t('secondsResultDraw', { stake: c.stake });
  const tone = result.kind === 'win' ? tradeStyles.up : result.kind === 'loss' ? tradeStyles.down : tradeStyles.flat;
  return (
    <Dialog
      title={t('secondsResultTitle', { symbol: c.symbol, duration: durationText(c.duration) })}
      testId="seconds-result"
      onDismiss={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="seconds-result-close">
            {t('secondsResultDone')}
          </Button>
          <Button data-primary="" onClick={onTradeAgain} data-testid="seconds-trade-again">
            {t('secondsTradeAgain')}
          </Button>
        </>
      }
    >
      <div data-testid="seconds-result-body" data-result={result.kind}>
        <p className={`${tradeStyles.strong} ${tone}`} data-testid="seconds-result-headline">
          <DirectionBadge direction={c.direction} /> {headline}
        </p>
        {result.kind !== 'refunded' && result.kind !== 'unknown' ? (
          <p data-testid="seconds-result-tick">{t('secondsResultClosedAt', { price: formatRecordedPrice(result.closePrice, priceDecimals), time: tickTimeOfDay(result.tickTime) })}</p>
        ) : null}
        <p className={tradeStyles.note} data-testid="seconds-result-entry">
          {t('secondsResultEntry', { price: formatRecordedPrice(detail.openTick.price, priceDecimals), time: tickTimeOfDay(detail.openTick.feedTime), stake: c.stake })}
        </p>
        {result.kind === 'refunded' ? <p className={tradeStyles.note}>{t('secondsResultRefundedNote')}</p> : null}
        <p className={tradeStyles.note}>
          <Link to={secondsDetailUrl(c.id, layout)} data-testid="seconds-result-details">
            {t('secondsResultDetails')}
          </Link>
        </p>
      </div>
    </Dialog>
  );
}

/**
 * Watches the open contracts bought here: when one leaves the list past its expiry, reads it from the server (again every two
 * seconds while the server still reports it open) and shows its result sheet; one at a time. A contract the server
 * cannot answer for is passed over.
 */
export function SecondsResults({
  watched,
  symbol,
  priceDecimals,
  layout,
  onTradeAgain,
}: {
  watched: ReadonlyMap<string, SecondsContract>;
  symbol: string;
  priceDecimals: number | null;
  layout: Layout;
  onTradeAgain: (prefill: Omit<SecondsPrefill, 'nonce'>) => void;
}) {
  const { next, done } = useSettledQueue(watched);
  const id = next?.id ?? '';
  const detail = useApiQuery(seconds.detail, { id }, {
    enabled: id !== '',
    refetchInterval: (query) => (query.state.data?.contract.status === 'open' ? SETTLE_POLL_MS : false),
  });
  const failed = detail.isError && !detail.data;
  useEffect(() => {
    if (id && failed) done();
  }, [id, failed, done]);
  if (!next || !detail.data || detail.data.contract.id !== id) return null;
  const c = detail.data.contract;
  return (
    <ResultSheet
      detail={detail.data}
      priceDecimals={c.symbol === symbol ? priceDecimals : null}
      layout={layout}
      onClose={done}
      onTradeAgain={() => {
        done();
        onTradeAgain({ symbol: c.symbol, productId: c.productId, durationSeconds: c.duration.seconds, stake: c.stake, direction: c.direction });
      }}
    />
  );
}
