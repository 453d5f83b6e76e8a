import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Decimal from 'decimal.js';
import { useStore } from 'jotai';
import { perpetual, wallet } from '@meridian/contracts';
import { Button, DecimalField, showToast, useApiQuery, useAttemptId, useConfirmDemoInvest, useDepth, useForm, useIsLoggedIn, useTypeUser } from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import { availableOf, type InstrumentTerms, type PerpSettings } from '../../api/trading';
import { useT, type Key } from '../../i18n';
import type { PendingOrder } from './ReceiptSheet';
import { LazyReceiptSheet as ReceiptSheet } from './LazyReceiptSheet';
import { AdvancedOrderFields } from './AdvancedOrderFields';
import { PLAIN_ORDER, type AdvancedOrder } from './orderTypes';
import { orderCost, pendingOrder, percentOfMax, sizeForPercent, type OrderContext } from './orderFigures';
import { orderForm, type OrderEnv } from './orderForm';
import { BalanceLines, OrderTypeSelector, PercentSlider, SizeField, TpSlOnEntry } from './OrderFormFields';
import { placedText, usePlaceOrder } from './placeOrder';
import { MarginControls } from './MarginControls';
import { SideToggle } from './SideToggle';
import { TradingHoursNotice } from './TradingHoursNotice';
import { QUOTE_DECIMALS, type OrderKind, type OrderSide, type SizeUnit } from './rules';
import { onRefusal, OUT_OF_TRADING_TIME } from './refusal';
import styles from './trade.module.css';
import { DemoMarker, useTradeGate } from './useTradeGate';
import type { ConditionalKind } from './conditionalReceipt';
import { SpotConditionalForm } from './SpotConditionalForm';

export type TradeMarket = 'spot' | 'perp';

const DEFAULT_LEVERAGE = 10;

/** A price the user picked in the book: a new object each time, so picking the same price twice still applies. */
export interface PickedPrice {
  price: string;
}

/**
 * The order form of one market: side (buy/sell or long/short), market or limit, the price of a limit order, the
 * size as a coin quantity or a USDT amount, a slider of the available balance, and for perpetuals the leverage,
 * the margin and position modes and take-profit/stop-loss on entry. Submitting checks the spec's rules, then shows
 * the pre-trade receipt; only its confirmation places the order (after the demo confirmation in demo mode). What
 * the entries come to (quantity, receipt, problems, slider) is orderFigures.ts; the field groups OrderFormFields.tsx.
 */
export function OrderForm({
  market,
  symbol,
  quote,
  terms,
  settings,
  picked,
  initialSide = 'buy',
}: {
  market: TradeMarket;
  symbol: string;
  quote: MarketQuote | null;
  terms: InstrumentTerms | null;
  settings: PerpSettings | null;
  picked?: PickedPrice | null;
  /** The side to start on (the chart's Buy and Sell entries). */
  initialSide?: OrderSide;
}) {
  const { t } = useT();
  const store = useStore();
  const loggedIn = useIsLoggedIn();
  const mayTrade = useTradeGate();
  const mode = useTypeUser();
  const confirmDemo = useConfirmDemoInvest();
  const { busy, run } = usePlaceOrder();
  const formId = useId();
  const perp = market === 'perp';
  const base = terms?.base ?? symbol.replace(/USDT$/, '');
  const quoteAsset = terms?.quote ?? 'USDT';
  const isIco = quote?.isIco === 1;
  const priceDecimals = terms?.priceDecimals ?? quote?.priceDecimals ?? 2;
  const amountDecimals = terms?.amountDecimals ?? quote?.amountDecimals ?? 5;

  // the entries and their rules (orderForm.ts); they show their problems once the user tried to send (a submit)
  const form = useForm(orderForm, { side: initialSide });
  const { values } = form;
  const touched = form.state.submitted;
  const [leverage, setLeverage] = useState<number>(DEFAULT_LEVERAGE);
  // perpetual and forex order types beyond market and limit (orderTypes.ts)
  const [advanced, setAdvanced] = useState<AdvancedOrder>(PLAIN_ORDER);
  const [tpSlOn, setTpSlOn] = useState(false);
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const [hoursNotice, setHoursNotice] = useState(false);
  // the slider's position when the user set it (a percent button or a drag); typing a size lets it follow the size
  const [chosenPercent, setChosenPercent] = useState<number | null>(null);
  const attempt = useAttemptId();
  const sizeInput = useRef<HTMLInputElement>(null);
  const priceInput = useRef<HTMLInputElement>(null);
  // typing edits the entries without showing their problems yet (the form shows them once the user tried to send)
  const { patch: set, reset } = form;
  const [conditional, setConditional] = useState<ConditionalKind | null>(null);
  const chooseKind = (kind: OrderKind) => {
    setConditional(null);
    set({ kind });
  };

  // a new market starts a fresh form; ICO tokens have no book to rest a limit order in
  useEffect(() => {
    reset((current) => ({ ...current, price: '', size: '', takeProfit: '', stopLoss: '', kind: isIco ? 'market' : current.kind }));
  }, [symbol, isIco, reset]);
  useEffect(() => {
    if (terms && !terms.leverages.includes(leverage)) setLeverage(terms.leverages.includes(DEFAULT_LEVERAGE) ? DEFAULT_LEVERAGE : (terms.leverages[0] ?? 1));
  }, [terms, leverage]);
  useEffect(() => {
    if (picked && !isIco) set({ kind: 'limit', price: picked.price });
  }, [picked, isIco, set]);

  // what the order spends: USDT (spot buy, perpetual margin) or the coin (spot sell)
  const walletName = perp ? 'contract' : 'spot';
  const spendAsset = !perp && values.side === 'sell' ? base : quoteAsset;
  const spendDecimals = spendAsset === quoteAsset ? QUOTE_DECIMALS : amountDecimals;
  const available = useApiQuery(wallet.validAsset, { accountType: walletName, asset: spendAsset }, {
    select: availableOf,
    enabled: loggedIn,
  });
  const positions = useApiQuery(perpetual.openList, {}, { enabled: loggedIn && perp });
  const book = useDepth(isIco || !quote ? null : symbol, isIco);

  const quoteSides = quote ? { bid: quote.bid, ask: quote.ask, last: quote.price } : null;
  const env: OrderEnv = {
    perp,
    symbol,
    advanced,
    tpSlOn,
    leverage,
    quote: quoteSides,
    book: book ? { bids: book.bids, asks: book.asks } : null,
    terms,
    settings,
    available: available.data,
    positions: positions.data ?? [],
    priceDecimals,
    amountDecimals,
  };
  const context: OrderContext = { ...env, values };
  // the receipt's figures and the rules, recomputed as the book and the inputs change
  const checked = form.check(env);
  const { basis: figures, receipt, conditions } = checked.summary;
  const { quantity, watched } = figures;
  const problems = checked.allErrors;
  const show = (problem: Key | undefined) => (touched && problem ? t(problem) : null);

  const setPercent = (percent: number) => {
    const size = sizeForPercent(context, figures, percent);
    if (size === null) return;
    form.submit();
    setChosenPercent(percent);
    set({ size });
  };

  // the most the balance allows (shown before submitting) and where a typed size puts the slider
  const maxSize = sizeForPercent(context, figures, 100);
  const sliderPercent = chosenPercent ?? percentOfMax(values.size, maxSize);
  const cost = orderCost(receipt, values.side, base, quoteAsset);
  const costDecimals = cost?.asset === quoteAsset ? QUOTE_DECIMALS : amountDecimals;
  const neededFromWallet = problems.size && cost && available.data !== undefined && new Decimal(cost.value).gt(available.data) ? cost.value : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mayTrade()) return;
    form.submit();
    if (!checked.valid || !quantity) {
      (problems.price ? priceInput : sizeInput).current?.focus();
      return;
    }
    if (!receipt) return;
    setPending(pendingOrder(context, { ...figures, quantity }, { market, base, quoteAsset, isIco }));
  };

  const confirm = async (order: PendingOrder) => {
    if (!(await confirmDemo())) return;
    // the same order confirmed again (after a lost answer) keeps its request id: the server places it once
    const requestId = attempt.idFor(JSON.stringify(order));
    const placed = await run(
      order,
      requestId,
      onRefusal((reason) => {
        if (reason === OUT_OF_TRADING_TIME) setHoursNotice(true);
        // a refusal is an answer: the next confirmation is a new order
        attempt.done();
        setPending(null);
      }),
    );
    if (!placed) return;
    attempt.done();
    setPending(null);
    form.reset((current) => ({ ...current, size: '', takeProfit: '', stopLoss: '' }));
    setChosenPercent(null);
    showToast(store, placedText(t, order, placed, priceDecimals), 'success');
  };

  const strongLabel = perp
    ? t(values.side === 'buy' ? 'openLongButton' : 'openShortButton', { leverage: String(leverage) })
    : t(values.side === 'buy' ? 'buyButton' : 'sellButton', { coin: base });
  const sizeLabel = values.sizeUnit === 'quantity' ? t('quantityLabel', { coin: base }) : t('amountLabel', { coin: quoteAsset });

  // spot sells on a holding (TP/SL, OCO) have their own fields and receipt
  const typeSelector = (
    <OrderTypeSelector perp={perp} isIco={isIco} kind={values.kind} conditional={conditional} trailing={advanced.condition === 'trailing'} onKind={chooseKind} onConditional={setConditional} />
  );
  if (!perp && !isIco && conditional) return <SpotConditionalForm kind={conditional} symbol={symbol} quote={quote} terms={terms} selector={typeSelector} />;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${formId}-title`} data-testid={`order-form-${market}`}>
      <h2 id={`${formId}-title`} className={styles.visuallyHidden}>
        {t(perp ? 'perpFormTitle' : 'spotFormTitle', { symbol })}
      </h2>
      <DemoMarker demo={mode === 'demo'} />
      <SideToggle
        side={values.side}
        onChange={(side) => {
          // the other side spends another balance: the slider follows the size against it
          setChosenPercent(null);
          set({ side });
        }}
        margin={perp}
      />
      {perp ? <MarginControls settings={settings} leverages={terms?.leverages ?? null} leverage={leverage} onLeverage={setLeverage} /> : null}
      {typeSelector}
      {perp ? (
        <AdvancedOrderFields
          kind={values.kind}
          side={values.side}
          value={advanced}
          onChange={(change) => {
            setAdvanced((current) => ({ ...current, ...change }));
            // a trailing stop becomes a market order when it fires
            if (change.condition === 'trailing') set({ kind: 'market' });
          }}
          problems={touched ? conditions : { trigger: null, callback: null }}
          current={watched}
          priceDecimals={priceDecimals}
          quoteAsset={quoteAsset}
        />
      ) : null}
      {values.kind === 'limit' ? (
        <DecimalField ref={priceInput} label={t('priceLabel', { coin: quoteAsset })} value={values.price} onChange={(price) => set({ price })} error={show(problems.price)} data-testid="order-price" />
      ) : (
        <div>
          <span className={styles.fieldLabel}>{t('priceLabel', { coin: quoteAsset })}</span>
          <div className={styles.marketPrice}>{t('marketPriceNote')}</div>
        </div>
      )}
      <SizeField
        sizeRef={sizeInput}
        values={values}
        label={sizeLabel}
        error={show(problems.size)}
        quantity={quantity}
        base={base}
        quoteAsset={quoteAsset}
        amountDecimals={amountDecimals}
        onSize={(size) => {
          setChosenPercent(null);
          set({ size });
        }}
        onToggleUnit={() => {
          setChosenPercent(null);
          set({ sizeUnit: values.sizeUnit === 'quantity' ? 'amount' : 'quantity', size: '' });
        }}
      />
      <PercentSlider formId={formId} percent={sliderPercent} disabled={available.data === undefined} onPercent={setPercent} />
      <BalanceLines
        loggedIn={loggedIn}
        available={available.data}
        availableFailed={available.isError}
        wallet={walletName}
        spendAsset={spendAsset}
        spendDecimals={spendDecimals}
        needed={neededFromWallet}
        max={{
          label: perp ? t('maxOpenLabel') : t(values.side === 'buy' ? 'maxBuyLabel' : 'maxSellLabel'),
          size: maxSize,
          asset: values.sizeUnit === 'quantity' ? base : quoteAsset,
          decimals: values.sizeUnit === 'quantity' ? amountDecimals : QUOTE_DECIMALS,
        }}
        cost={cost ? { ...cost, decimals: costDecimals } : null}
      />
      {perp ? <TpSlOnEntry on={tpSlOn} onToggle={setTpSlOn} values={values} errors={{ takeProfit: show(problems.takeProfit), stopLoss: show(problems.stopLoss) }} onChange={set} /> : null}
      {quote?.marketOpen === false ? <p className={styles.notice}>{t('marketClosedNotice')}</p> : null}
      {loggedIn ? (
        <button type="submit" className={`${styles.submit} ${values.side === 'buy' ? styles.submitBuy : styles.submitSell}`} disabled={busy || !quote || !terms} data-testid="order-submit">
          {strongLabel}
        </button>
      ) : (
        <Button type="submit" data-testid="order-login">
          {t('logInToTrade')}
        </Button>
      )}
      {pending && receipt ? (
        <ReceiptSheet order={pending} receipt={receipt} busy={busy} demo={mode === 'demo'} priceDecimals={priceDecimals} amountDecimals={amountDecimals} onCancel={() => setPending(null)} onConfirm={() => void confirm(pending)} />
      ) : null}
      {hoursNotice ? <TradingHoursNotice symbol={symbol} onClose={() => setHoursNotice(false)} /> : null}
    </form>
  );
}

export type { OrderKind, OrderSide, SizeUnit };
