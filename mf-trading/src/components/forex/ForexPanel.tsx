import { useId, useRef, useState, type FormEvent } from 'react';
import { useAtom, useStore } from 'jotai';
import { Link } from 'react-router-dom';
import Decimal from 'decimal.js';
import { forex, market as marketCalls, perpetual, wallet } from '@meridian/contracts';
import {
  Button,
  DecimalField,
  ErrorState,
  formatMoney,
  formatRate,
  lastForexObjectAtom,
  showToast,
  Spinner,
  useApiMutation,
  useApiPaged,
  useApiQuery,
  useAttemptId,
  useConfirmDemoInvest,
  useDepth,
  useForexQuotes,
  useForm,
  useIsLoggedIn,
  useTypeUser,
  formatQuoteAmount,
  formatQuotePrice,
  formatRecordTime,
  formatSignedMoney,
  formatUnits,
} from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import { availableOf, type Position } from '../../api/trading';
import { useT, type Key } from '../../i18n';
import { P } from '../../paths';
import { ClosePositionDialog } from '../trade/ClosePositionDialog';
import { MarginControls } from '../trade/MarginControls';
import type { ForexTerms, PendingOrder } from '../trade/ReceiptSheet';
import { LazyReceiptSheet as ReceiptSheet } from '../trade/LazyReceiptSheet';
import { SideToggle } from '../trade/SideToggle';
import { TpSlDialog } from '../trade/TpSlDialog';
import { PagedRows, TabLabel } from '../trade/listParts';
import { PositionRow } from '../trade/PerpLists';
import { ClosedPositionTable, PositionTable } from '../trade/ListTables';
import { TradingHoursNotice } from '../trade/TradingHoursNotice';
import { useTradingConfig } from '../trade/useTradingConfig';
import { onRefusal, OUT_OF_TRADING_TIME } from '../trade/refusal';
import { QUOTE_DECIMALS } from '../trade/rules';
import { lotDecimals, type ForexConfig, type ForexReceipt } from './forexOrder';
import { forexForm } from './forexForm';
import { useForexConfig } from './useForexConfig';
import { ForexOrderTypeFields, useForexOrderType } from './ForexOrderType';
import { advancedBody } from '../trade/orderTypes';
import { FundAction } from '../funding/FundAction';
import styles from '../trade/trade.module.css';
import { DemoMarker, useTradeGate } from '../trade/useTradeGate';

type ForexPosition = Position & { lots: string; quoteRate: string; priceDecimals: number; quoteCurrency: string };
/** The quote the form prices an order at: bid (a short fills there), ask (a long), last (the mark). */
type Sides = { bid: string; ask: string; last: string };

const DEFAULT_LEVERAGE = 10;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Live bid/ask of a pair: the forex stream's merged quote, the quote list's until the stream has one. */
function useForexSides(symbol: string, fallback: Sides | null): Sides | null {
  const live = useForexQuotes().get(symbol);
  const bid = text(live?.bid) ?? fallback?.bid ?? null;
  const ask = text(live?.ask) ?? fallback?.ask ?? null;
  const last = text(live?.price) ?? fallback?.last ?? (bid && ask ? new Decimal(bid).plus(ask).div(2).toFixed() : null);
  return bid && ask && last ? { bid, ask, last } : null;
}

/**
 * The forex order: the perpetual form's controls (side, margin modes and leverage, TP/SL on entry, green or red
 * submit, the receipt sheet with the liquidation price) with the size in lots: market, limit and the perpetual
 * order types (ForexOrderType.tsx), refused outside the pair's trading hours with the Trading Hours Notice.
 */
function ForexForm({ config, sides }: { config: ForexConfig; sides: Sides | null }) {
  const { t } = useT();
  const store = useStore();
  const loggedIn = useIsLoggedIn();
  const mayTrade = useTradeGate();
  const mode = useTypeUser();
  const confirmDemo = useConfirmDemoInvest();
  const formId = useId();
  const symbol = config.symbol;
  const base = symbol.slice(0, symbol.length - config.quoteCurrency.length);
  const { settings } = useTradingConfig(symbol);
  // the entries and their rules (forexForm.ts); typing edits them, their problems show once the user tried to send
  const form = useForm(forexForm, { leverage: config.leverages.includes(DEFAULT_LEVERAGE) ? DEFAULT_LEVERAGE : (config.leverages[0] ?? 1) });
  const { side, lots, leverage, tpSlOn, takeProfit, stopLoss } = form.values;
  const touched = form.state.submitted;
  const [pending, setPending] = useState<{ order: PendingOrder; receipt: ForexReceipt; terms: ForexTerms } | null>(null);
  const [closed, setClosed] = useState(false);
  const attempt = useAttemptId();
  const lotsInput = useRef<HTMLInputElement>(null);
  // a forex position is a perpetual one: the same push, the same lists
  const { busy, run } = useApiMutation(forex.create, { invalidates: AFFECTED.positionOpen });
  const available = useApiQuery(wallet.validAsset, { accountType: 'contract', asset: 'USDT' }, { enabled: loggedIn, select: availableOf });
  // the position an order merges into, and the other cross positions, with the conversion rate each was opened at
  const positions = useApiQuery(perpetual.openList, {}, { enabled: loggedIn });
  const pairPositions = useApiQuery(forex.getContractList, { status: 'open' as const, symbol, size: 50 }, { enabled: loggedIn });
  const rates = new Map((pairPositions.data?.list ?? []).map((p) => [p.id, p.quoteRate]));

  // the receipt walks the pair's book as the engine fills the order
  const book = useDepth(symbol);
  // market, limit and the perpetual order types (ForexOrderType.tsx); a condition watches the mark (the last price)
  const type = useForexOrderType(config.priceDecimals, sides?.last ?? null);
  const checked = form.check({
    config,
    sides,
    settings,
    available: available.data,
    book: book ? { bids: book.bids, asks: book.asks } : null,
    positions: (positions.data ?? []).map((p) => ({ ...p, quoteRate: rates.get(p.id) ?? '1' })),
    type: { basis: type.basis, problem: type.problem },
  });
  const receipt = checked.summary;
  const problems = checked.allErrors;
  const short = problems.lots === 'marginAboveAvailable';
  const show = (key: Key | undefined) => (touched && key ? t(key) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mayTrade()) return;
    // closed, the notice is the answer: the fields' own problems would only crowd it
    if (!config.tradingTime.open) return setClosed(true);
    form.submit();
    if (!checked.valid) return lotsInput.current?.focus();
    if (!receipt) return;
    setPending({
      order: {
        market: 'perp',
        symbol,
        base,
        quoteAsset: 'USDT',
        side,
        kind: type.kind,
        quantity: receipt.units,
        amount: null,
        price: type.limitPrice,
        advanced: type.advanced,
        watched: sides?.last ?? null,
        leverage,
        takeProfit: tpSlOn && takeProfit.trim() ? takeProfit.trim() : null,
        stopLoss: tpSlOn && stopLoss.trim() ? stopLoss.trim() : null,
        marginMode: settings?.marginMode ?? null,
        isIco: false,
      },
      receipt,
      terms: { lots: lots.trim(), units: receipt.units, quoteCurrency: config.quoteCurrency, quoteRate: receipt.quoteRate, pipValue: receipt.pipValue },
    });
  };

  const place = async (order: PendingOrder, terms: ForexTerms) => {
    if (!(await confirmDemo())) return;
    // the same order confirmed again (after a lost answer) keeps its request id: the server opens it once
    const requestId = attempt.idFor(JSON.stringify([order, terms.lots]));
    const placed = await run(
      {
        symbol,
        side: order.side === 'buy' ? 'long' : 'short',
        lots: terms.lots,
        leverage: order.leverage,
        ...advancedBody(order.kind, order.advanced!),
        ...(order.price ? { price: order.price } : {}),
        takeProfit: order.takeProfit,
        stopLoss: order.stopLoss,
        requestId,
      },
      onRefusal((reason) => {
        if (reason === OUT_OF_TRADING_TIME) setClosed(true);
        attempt.done();
        setPending(null);
      }),
    );
    if (!placed) return;
    const done = placed.value;
    attempt.done();
    setPending(null);
    form.reset((current) => ({ ...current, lots: '', takeProfit: '', stopLoss: '' }));
    type.reset();
    // a position comes back when something filled at once; a resting or conditional order is placed
    if (done.position) showToast(store, t('forexOpenedToast', { symbol, price: formatQuotePrice(done.position.entryPrice, config.priceDecimals) }), 'success');
    else showToast(store, t('orderPlacedToast'), 'success');
  };

  const estimate = receipt ? t('forexMarginPreview', { margin: formatMoney(receipt.margin, { rounding: 'up' }), pip: receipt.pipValue ? formatRate(receipt.pipValue) : '—' }) : null;
  return (
    <form className={styles.form} aria-labelledby={`${formId}-title`} data-testid="forex-form" noValidate onSubmit={submit}>
      <h2 id={`${formId}-title`} className={styles.visuallyHidden}>
        {t('forexFormLabel')}
      </h2>
      <DemoMarker demo={mode === 'demo'} />
      <SideToggle side={side} onChange={(value) => form.patch({ side: value })} margin />
      <MarginControls settings={settings} leverages={config.leverages} leverage={leverage} onLeverage={(value) => form.patch({ leverage: value })} />
      <ForexOrderTypeFields type={type} side={side} touched={touched} watched={sides?.last ?? null} priceDecimals={config.priceDecimals} quoteCurrency={config.quoteCurrency} />
      <DecimalField
        ref={lotsInput}
        label={t('forexLots')}
        value={lots}
        onChange={(value) => form.patch({ lots: value })}
        error={show(problems.lots)}
        hint={t('forexLotHint', { min: config.minLots, max: config.maxLots, size: config.contractSize })}
        trailing={<span className={`${styles.unitToggle} ${styles.unitTag}`}>{t('forexLotUnit')}</span>}
        data-testid="forex-lots"
      />
      <p className={styles.available} data-testid="forex-available">
        <span className={styles.muted}>{t('availableLabel')}</span>
        <span>{!loggedIn ? '—' : available.data !== undefined ? `${formatQuoteAmount(available.data, QUOTE_DECIMALS)} USDT` : available.isError ? t('availableFailed') : '…'}</span>
        <FundAction target="contract" asset="USDT" available={available.data ?? null} needed={short && receipt ? receipt.cost : null} />
      </p>
      {estimate ? (
        <p className={styles.note} data-testid="forex-margin-preview">
          {estimate}
        </p>
      ) : null}
      <label className={styles.check}>
        <input type="checkbox" checked={tpSlOn} onChange={(event) => form.patch({ tpSlOn: event.target.checked })} data-testid="tpsl-toggle" />
        {t('tpSlOnEntry')}
      </label>
      {tpSlOn ? (
        <>
          <DecimalField label={t('takeProfitLabel')} value={takeProfit} onChange={(value) => form.patch({ takeProfit: value })} error={show(problems.takeProfit)} data-testid="forex-tp" />
          <DecimalField label={t('stopLossLabel')} value={stopLoss} onChange={(value) => form.patch({ stopLoss: value })} error={show(problems.stopLoss)} data-testid="forex-sl" />
        </>
      ) : null}
      {config.quoteRate === null ? <p className={styles.error}>{t('forexNoConversion')}</p> : null}
      {config.tradingTime.open ? null : (
        <p className={styles.notice} data-testid="forex-closed">
          {t('tradingHoursBody', { symbol })}
        </p>
      )}
      {loggedIn ? (
        <button type="submit" className={`${styles.submit} ${side === 'buy' ? styles.submitBuy : styles.submitSell}`} disabled={busy} data-testid="forex-submit">
          {t(side === 'buy' ? 'openLongButton' : 'openShortButton', { leverage: String(leverage) })}
        </button>
      ) : (
        <Button type="submit" data-testid="forex-login">
          {t('logInToTrade')}
        </Button>
      )}
      {pending ? (
        <ReceiptSheet
          order={pending.order}
          receipt={{ kind: 'perp', figures: pending.receipt }}
          forex={pending.terms}
          busy={busy}
          demo={mode === 'demo'}
          priceDecimals={config.priceDecimals}
          amountDecimals={0}
          onCancel={() => setPending(null)}
          onConfirm={() => void place(pending.order, pending.terms)}
        />
      ) : null}
      {closed ? <TradingHoursNotice symbol={symbol} onClose={() => setClosed(false)} /> : null}
    </form>
  );
}

/** Open forex positions (perpetual row actions, sized in lots) and closed ones, from forex/contract/getContractList. */
export function ForexLists({ table = false }: { table?: boolean }) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<'open' | 'history'>('open');
  const [closing, setClosing] = useState<ForexPosition | null>(null);
  const [editing, setEditing] = useState<ForexPosition | null>(null);
  // both lists, so each tab says how many rows it holds ("Positions (1)")
  const lists = {
    open: useApiPaged(forex.getContractList, { status: 'open' }, { enabled: loggedIn }),
    history: useApiPaged(forex.getContractList, { status: 'history' }, { enabled: loggedIn }),
  };
  const list = lists[tab];
  if (!loggedIn) return <p className={styles.muted}>{t('listsLoginPrompt')}</p>;
  const baseOf = (p: ForexPosition) => p.symbol.slice(0, p.symbol.length - p.quoteCurrency.length);
  const lotsOf = (p: ForexPosition) => t('forexLotsUnits', { lots: p.lots, units: formatUnits(p.quantity), base: baseOf(p) });
  const figures = { sizeOf: lotsOf, pricesOf: (p: ForexPosition) => p.priceDecimals };
  // the desktop grid's column tables (the phone keeps its cards)
  const asTable = table
    ? (rows: ForexPosition[]) =>
        tab === 'open' ? <PositionTable rows={rows} onClose={setClosing} onTpSl={setEditing} {...figures} /> : <ClosedPositionTable rows={rows} {...figures} />
    : undefined;
  return (
    <section className={styles.lists} aria-label={t('listsLabel')} data-testid="lists-forex">
      <div role="tablist" aria-label={t('listsLabel')} className={styles.tabs}>
        {(['open', 'history'] as const).map((item) => (
          <button key={item} type="button" role="tab" aria-selected={tab === item} className={styles.tab} onClick={() => setTab(item)} data-testid={`forex-tab-${item}`}>
            <TabLabel text={t(item === 'open' ? 'tabPositions' : 'tabHistory')} count={lists[item].loading || lists[item].error ? undefined : lists[item].total} />
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <PagedRows list={list} empty={tab === 'open' ? 'noPositions' : 'noHistory'} table={asTable}>
          {(position: ForexPosition) =>
            tab === 'open' ? (
              <PositionRow
                key={position.id}
                position={position}
                size={lotsOf(position)}
                priceDecimals={position.priceDecimals}
                onClose={() => setClosing(position)}
                onTpSl={() => setEditing(position)}
              />
            ) : (
              <li key={position.id} className={styles.row} data-testid="forex-history-row">
                <Link className={styles.rowTitle} to={`${P.perpetualHistoryDetail}?positionId=${encodeURIComponent(position.id)}`}>
                  {position.symbol}
                </Link>
                <span>{` · ${t(position.side === 'long' ? 'sideLong' : 'sideShort')} · ${t('forexLotsValue', { lots: position.lots })} · ${formatSignedMoney(position.realisedPnl)} USDT · ${position.closeTime ? formatRecordTime(position.closeTime) : '—'}`}</span>
              </li>
            )
          }
        </PagedRows>
      </div>
      {closing ? <ForexCloseDialog position={closing} onClose={() => setClosing(null)} /> : null}
      {editing ? <TpSlDialog position={editing} priceDecimals={editing.priceDecimals} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

/** The close dialog in lots, to the pair's lot step (the position's own decimals until the pair's terms arrive). */
function ForexCloseDialog({ position, onClose }: { position: ForexPosition; onClose: () => void }) {
  const config = useForexConfig(position.symbol);
  const decimals = config.data ? lotDecimals(config.data) : new Decimal(position.lots).decimalPlaces();
  return <ClosePositionDialog position={position} onClose={onClose} lots={{ lots: position.lots, decimals, priceDecimals: position.priceDecimals }} />;
}

/**
 * The Forex tab (the lists below it unless the desktop grid places them): pair switcher (AUDCAD first, the last
 * pair kept in last_forex_object), live bid and ask in the pair's decimals, the form in lots, the lists.
 */
export function ForexPanel({ withLists = true }: { withLists?: boolean }) {
  const { t } = useT();
  const pairId = useId();
  const [last, setLast] = useAtom(lastForexObjectAtom);
  const symbol = last.symbol;
  const pairs = useApiQuery(marketCalls.byType, { type: 'FOREX' });
  const config = useForexConfig(symbol);
  const listed = pairs.data?.find((q) => q.symbol === symbol);
  const sides = useForexSides(symbol, listed ? { bid: listed.bid, ask: listed.ask, last: listed.price } : null);
  const decimals = config.data?.priceDecimals ?? null;
  const price = (value: string) => (decimals === null ? '…' : formatQuotePrice(value, decimals));
  return (
    <div className={styles.forex} data-testid="forex-panel">
      <div>
        <label className={styles.fieldLabel} htmlFor={pairId}>
          {t('forexPair')}
        </label>
        <select id={pairId} className={styles.select} value={symbol} onChange={(e) => setLast({ symbol: e.target.value })} data-testid="forex-pair">
          {(pairs.data ?? [{ symbol }]).map((q) => (
            <option key={q.symbol} value={q.symbol}>
              {q.symbol}
            </option>
          ))}
        </select>
      </div>
      {sides ? (
        <dl className={styles.forexQuote} aria-live="polite" data-testid="forex-quote">
          {(
            [
              ['bid', 'tickBid', styles.down],
              ['ask', 'tickAsk', styles.up],
            ] as const
          ).map(([key, label, tone]) => (
            <div key={key}>
              <dt>{t(label)}</dt>
              <dd className={tone} data-testid={`forex-${key}`}>
                {price(sides[key])}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.muted} data-testid="forex-quote">
          {t('forexNoQuote')}
        </p>
      )}
      {config.isLoading ? <Spinner /> : config.error || !config.data ? <ErrorState title={t('listFailed')} onRetry={() => void config.refetch()} /> : <ForexForm key={symbol} config={config.data} sides={sides} />}
      {withLists ? <ForexLists /> : null}
    </div>
  );
}
