import { useState } from 'react';
import { useAtom, useStore } from 'jotai';
import { Link } from 'react-router-dom';
import Decimal from 'decimal.js';
import { forex, market as marketCalls, wallet } from '@meridian/contracts';
import { Button, call, Dialog, ErrorState, newRequestId, showToast, Spinner, useApiPaged, useApiQuery, useForexQuotes, useIsLoggedIn, useQueryClient, lastForexObjectAtom } from '@meridian/shared';
import { fetchAvailable } from '../../api/trading';
import { fetchQuotesByType } from '../../api/market';
import { useT } from '../../i18n';
import { P } from '../../paths';
import { formatSigned, formatTime } from '../trade/texts';
import { ClosePositionDialog } from '../trade/ClosePositionDialog';
import { TpSlDialog } from '../trade/TpSlDialog';
import { PagedRows, PositionRow } from '../trade/TradeLists';
import { TradingHoursNotice } from '../trade/TradingHoursNotice';
import { invalidateTrading } from '../trade/invalidate';
import { OUT_OF_TRADING_TIME, useTradeAction } from '../trade/useTradeAction';
import type { OrderSide } from '../trade/rules';
import type { Position } from '../../api/trading';
import { forexReceipt, forexTpSlProblems, lotsProblem, type ForexConfig, type ForexReceipt } from './forexOrder';
import styles from '../trade/trade.module.css';

type ForexPosition = Position & { lots: string };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const usdt = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);

/** Live bid/ask of a pair: the forex stream's merged quote, the quote list's until the stream has one. */
function useForexSides(symbol: string, fallback: { bid: string; ask: string } | null) {
  const live = useForexQuotes().get(symbol);
  const bid = text(live?.bid) ?? fallback?.bid ?? null;
  const ask = text(live?.ask) ?? fallback?.ask ?? null;
  return bid && ask ? { bid, ask } : null;
}

function ForexForm({ symbol, config, sides }: { symbol: string; config: ForexConfig; sides: { bid: string; ask: string } | null }) {
  const { t } = useT();
  const store = useStore();
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const [side, setSide] = useState<OrderSide>('buy');
  const [lots, setLots] = useState('');
  const [leverage, setLeverage] = useState(config.leverages.includes(100) ? 100 : (config.leverages[0] ?? 1));
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<ForexReceipt | null>(null);
  const [closed, setClosed] = useState(false);
  const { busy, run } = useTradeAction();
  const available = useApiQuery(wallet.validAsset.path, { accountType: 'contract', asset: 'USDT' }, () => fetchAvailable('contract', 'USDT'), { enabled: loggedIn });
  const availableText = available.data ?? null;
  const reference = sides ? (side === 'buy' ? sides.ask : sides.bid) : null;
  const lotsError = lotsProblem(lots, config);
  const tpsl = forexTpSlProblems(side, takeProfit, stopLoss, reference, config.pipSize);
  const receipt = !lotsError && sides ? forexReceipt({ side, lots, leverage, quote: sides, config, available: availableText }) : null;
  const problem = lotsError ?? tpsl.takeProfit ?? tpsl.stopLoss ?? (receipt && !receipt.enough ? 'marginAboveAvailable' : null);

  const submit = () => {
    setTouched(true);
    if (!config.tradingTime.open) return setClosed(true);
    if (problem || !receipt) return;
    setConfirming(receipt);
  };
  const place = async () => {
    setConfirming(null);
    const done = await run(
      () => call(forex.create, { symbol, side: side === 'buy' ? 'long' : 'short', lots, leverage, takeProfit: takeProfit || null, stopLoss: stopLoss || null, requestId: newRequestId() }),
      (reason) => reason === OUT_OF_TRADING_TIME && setClosed(true),
    );
    if (!done) return;
    invalidateTrading(client);
    setLots('');
    setTouched(false);
    showToast(store, t('forexOpenedToast', { symbol, price: done.position.entryPrice }), 'success');
  };

  return (
    <form className={styles.form} aria-label={t('forexFormLabel')} data-testid="forex-form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <div role="radiogroup" aria-label={t('forexSideLabel')} className={styles.tabs}>
        {(['buy', 'sell'] as const).map((item) => (
          <button key={item} type="button" role="radio" aria-checked={side === item} className={styles.tab} onClick={() => setSide(item)} data-testid={`forex-side-${item}`}>
            {t(item === 'buy' ? 'sideLong' : 'sideShort')}
          </button>
        ))}
      </div>
      <label>
        {t('forexLots')}
        <input inputMode="decimal" value={lots} onChange={(e) => setLots(e.target.value)} aria-invalid={touched && lotsError !== null} data-testid="forex-lots" />
      </label>
      <p className={styles.note}>{t('forexLotHint', { min: config.minLots, max: config.maxLots, size: config.contractSize })}</p>
      {touched && lotsError ? <p role="alert" className={styles.error} data-testid="forex-lots-error">{t(lotsError)}</p> : null}
      <label>
        {t('forexLeverage')}
        <select value={leverage} onChange={(e) => setLeverage(Number(e.target.value))} data-testid="forex-leverage">
          {config.leverages.map((lev) => <option key={lev} value={lev}>{`${lev}×`}</option>)}
        </select>
      </label>
      <label>
        {t('forexTakeProfit')}
        <input inputMode="decimal" value={takeProfit} onChange={(e) => setTakeProfit(e.target.value)} data-testid="forex-tp" />
      </label>
      {touched && tpsl.takeProfit ? <p role="alert" className={styles.error}>{t(tpsl.takeProfit)}</p> : null}
      <label>
        {t('forexStopLoss')}
        <input inputMode="decimal" value={stopLoss} onChange={(e) => setStopLoss(e.target.value)} data-testid="forex-sl" />
      </label>
      {touched && tpsl.stopLoss ? <p role="alert" className={styles.error}>{t(tpsl.stopLoss)}</p> : null}
      {receipt ? (
        <p className={styles.note} data-testid="forex-margin-preview">{t('forexMarginPreview', { margin: usdt(receipt.margin), pip: receipt.pipValue ? usdt(receipt.pipValue) : '—' })}</p>
      ) : null}
      {touched && receipt && !receipt.enough ? <p role="alert" className={styles.error}>{t('marginAboveAvailable')}</p> : null}
      {config.quoteRate === null ? <p className={styles.error}>{t('forexNoConversion')}</p> : null}
      {config.tradingTime.open ? null : (
        <p className={styles.notice} data-testid="forex-closed">
          {t('tradingHoursBody', { symbol })}
        </p>
      )}
      {loggedIn ? (
        <Button type="submit" data-primary="" disabled={busy} data-testid="forex-submit">
          {t(side === 'buy' ? 'forexOpenLong' : 'forexOpenShort')}
        </Button>
      ) : (
        <p className={styles.muted}>{t('listsLoginPrompt')}</p>
      )}
      {confirming ? (
        <Dialog
          title={t('forexReceiptTitle')}
          testId="forex-receipt"
          onDismiss={() => setConfirming(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)}>{t('forexCancel')}</Button>
              <Button data-primary="" onClick={() => void place()} data-testid="forex-confirm">{t('forexConfirm')}</Button>
            </>
          }
        >
          <dl className={styles.facts}>
            {(
              [
                ['forexExpectedPrice', confirming.expectedPrice],
                ['forexLots', `${lots} (${confirming.units} ${symbol.slice(0, 3)})`],
                ['forexQuoteRate', `1 ${config.quoteCurrency} = ${confirming.quoteRate} USDT`],
                ['forexNotional', `${usdt(confirming.notional)} USDT`],
                ['forexFee', `${usdt(confirming.fee)} USDT`],
                ['colMargin', `${usdt(confirming.margin)} USDT`],
                ['forexCost', `${usdt(confirming.cost)} USDT`],
                ['forexPipValue', confirming.pipValue ? `${confirming.pipValue} USDT` : '—'],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <dt>{t(key)}</dt>
                <dd data-testid={`receipt-${key}`}>{value}</dd>
              </div>
            ))}
          </dl>
        </Dialog>
      ) : null}
      {closed ? <TradingHoursNotice symbol={symbol} onClose={() => setClosed(false)} /> : null}
    </form>
  );
}

/** Open forex positions (perpetual row actions) and closed ones, from forex/contract/getContractList. */
export function ForexLists() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<'open' | 'history'>('open');
  const [closing, setClosing] = useState<Position | null>(null);
  const [editing, setEditing] = useState<Position | null>(null);
  const list = useApiPaged(forex.getContractList.path, { status: tab }, (page, size, filter) => call(forex.getContractList, { page, size, status: filter.status }), { enabled: loggedIn });
  if (!loggedIn) return <p className={styles.muted}>{t('listsLoginPrompt')}</p>;
  return (
    <section className={styles.lists} aria-label={t('listsLabel')} data-testid="lists-forex">
      <div role="tablist" aria-label={t('listsLabel')} className={styles.tabs}>
        {(['open', 'history'] as const).map((item) => (
          <button key={item} type="button" role="tab" aria-selected={tab === item} className={styles.tab} onClick={() => setTab(item)}>
            {t(item === 'open' ? 'tabPositions' : 'tabHistory')}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <PagedRows list={list} empty={tab === 'open' ? 'noPositions' : 'noHistory'}>
          {(position: ForexPosition) =>
            tab === 'open' ? (
              <PositionRow key={position.id} position={position} onClose={setClosing} onTpSl={setEditing} />
            ) : (
              <li key={position.id} className={styles.row} data-testid="forex-history-row">
                <Link className={styles.rowTitle} to={`${P.perpetualHistoryDetail}?positionId=${encodeURIComponent(position.id)}`}>
                  {position.symbol}
                </Link>
                <span>{` · ${t(position.side === 'long' ? 'sideLong' : 'sideShort')} · ${position.lots} · ${formatSigned(position.realisedPnl)} USDT · ${position.closeTime ? formatTime(position.closeTime) : '—'}`}</span>
              </li>
            )
          }
        </PagedRows>
      </div>
      {closing ? <ClosePositionDialog position={closing} onClose={() => setClosing(null)} /> : null}
      {editing ? <TpSlDialog position={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

/** The Forex tab (the lists below it unless the desktop grid places them): pair switcher (AUDCAD first, the last pair kept in last_forex_object), live bid/ask, the form in lots, the lists. */
export function ForexPanel({ withLists = true }: { withLists?: boolean }) {
  const { t } = useT();
  const [last, setLast] = useAtom(lastForexObjectAtom);
  const symbol = last.symbol;
  const pairs = useApiQuery(marketCalls.byType.path, { type: 'FOREX' }, () => fetchQuotesByType('FOREX'));
  const config = useApiQuery(forex.config.path, { symbol }, (input) => call(forex.config, input));
  const listed = pairs.data?.find((q) => q.symbol === symbol);
  const sides = useForexSides(symbol, listed ? { bid: listed.bid, ask: listed.ask } : null);
  return (
    <div className={styles.forex} data-testid="forex-panel">
      <label>
        {t('forexPair')}
        <select value={symbol} onChange={(e) => setLast({ symbol: e.target.value })} data-testid="forex-pair">
          {(pairs.data ?? [{ symbol }]).map((q) => <option key={q.symbol} value={q.symbol}>{q.symbol}</option>)}
        </select>
      </label>
      <p aria-live="polite" data-testid="forex-quote">
        {sides ? `${t('tickBid')} ${sides.bid} · ${t('tickAsk')} ${sides.ask}` : t('forexNoQuote')}
      </p>
      {config.isLoading ? <Spinner /> : config.error || !config.data ? <ErrorState title={t('listFailed')} onRetry={() => void config.refetch()} /> : <ForexForm key={symbol} symbol={symbol} config={config.data} sides={sides} />}
      {withLists ? <ForexLists /> : null}
    </div>
  );
}
