import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import Decimal from 'decimal.js';
import { useStore } from 'jotai';
import { perpetual, wallet } from '@meridian/contracts';
import {
  Button,
  DecimalField,
  newRequestId,
  showToast,
  useApiQuery,
  useConfirmDemoInvest,
  useDepth,
  useIsLoggedIn,
  useQueryClient,
  useTypeUser,
} from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import { fetchAvailable, fetchPositions, type InstrumentTerms, type PerpSettings } from '../../api/trading';
import { useT, type Key } from '../../i18n';
import { formatQuoteAmount } from '../market/quotes';
import { ReceiptSheet, type PendingOrder } from './ReceiptSheet';
import { AdvancedOrderFields } from './AdvancedOrderFields';
import { advancedProblems, conditionalBasis, PLAIN_ORDER, type AdvancedOrder } from './orderTypes';
import { placedText, sendOrder } from './sendOrder';
import { MarginControls } from './MarginControls';
import { SideToggle } from './SideToggle';
import { TradingHoursNotice } from './TradingHoursNotice';
import { perpAmountQuantity, perpReceipt, spotReceipt } from './receipt';
import { fundsProblem, priceProblem, QUOTE_DECIMALS, quantityOf, sizeProblem, tpSlProblems, type OrderKind, type OrderSide, type OrderValues, type SizeUnit } from './rules';
import { invalidateTrading } from './invalidate';
import { FundAction } from '../funding/FundAction';
import { OUT_OF_TRADING_TIME, useTradeAction } from './useTradeAction';
import styles from './trade.module.css';
import { DemoMarker, useTradeGate } from './useTradeGate';
import type { ConditionalKind } from './conditionalReceipt';
import { SpotConditionalForm } from './SpotConditionalForm';

export type TradeMarket = 'spot' | 'perp';

const PERCENTS = [25, 50, 75, 100] as const;
const CONDITIONAL_KINDS: readonly ConditionalKind[] = ['tpsl', 'oco'];
const DEFAULT_LEVERAGE = 10;

/** A price the user picked in the book: a new object each time, so picking the same price twice still applies. */
export interface PickedPrice {
  price: string;
}

/**
 * The order form of one market: side (buy/sell or long/short), market or limit, the price of a limit order, the
 * size as a coin quantity or a USDT amount, a slider of the available balance, and for perpetuals the leverage,
 * the margin and position modes and take-profit/stop-loss on entry. Submitting checks the spec's rules, then shows
 * the pre-trade receipt; only its confirmation places the order (after the demo confirmation in demo mode).
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
  const queryClient = useQueryClient();
  const confirmDemo = useConfirmDemoInvest();
  const { busy, run } = useTradeAction();
  const formId = useId();
  const perp = market === 'perp';
  const base = terms?.base ?? symbol.replace(/USDT$/, '');
  const quoteAsset = terms?.quote ?? 'USDT';
  const isIco = quote?.isIco === 1;
  const priceDecimals = terms?.priceDecimals ?? quote?.priceDecimals ?? 2;
  const amountDecimals = terms?.amountDecimals ?? quote?.amountDecimals ?? 5;

  const [values, setValues] = useState<OrderValues>({ kind: 'limit', side: initialSide, price: '', size: '', sizeUnit: 'quantity', takeProfit: '', stopLoss: '' });
  const [leverage, setLeverage] = useState<number>(DEFAULT_LEVERAGE);
  // perpetual and forex order types beyond market and limit (orderTypes.ts)
  const [advanced, setAdvanced] = useState<AdvancedOrder>(PLAIN_ORDER);
  const [tpSlOn, setTpSlOn] = useState(false);
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const [hoursNotice, setHoursNotice] = useState(false);
  // the slider's position when the user set it (a percent button or a drag); typing a size lets it follow the size
  const [chosenPercent, setChosenPercent] = useState<number | null>(null);
  const attempt = useRef<{ key: string; requestId: string } | null>(null);
  const sizeInput = useRef<HTMLInputElement>(null);
  const priceInput = useRef<HTMLInputElement>(null);
  const set = (change: Partial<OrderValues>) => setValues((current) => ({ ...current, ...change }));
  const [conditional, setConditional] = useState<ConditionalKind | null>(null);
  const chooseKind = (kind: OrderKind) => {
    setConditional(null);
    set({ kind });
  };

  // a new market starts a fresh form; ICO tokens have no book to rest a limit order in
  useEffect(() => {
    setValues((current) => ({ ...current, price: '', size: '', takeProfit: '', stopLoss: '', kind: isIco ? 'market' : current.kind }));
    setTouched(false);
  }, [symbol, isIco]);
  useEffect(() => {
    if (terms && !terms.leverages.includes(leverage)) setLeverage(terms.leverages.includes(DEFAULT_LEVERAGE) ? DEFAULT_LEVERAGE : (terms.leverages[0] ?? 1));
  }, [terms, leverage]);
  useEffect(() => {
    if (picked && !isIco) setValues((current) => ({ ...current, kind: 'limit', price: picked.price }));
  }, [picked, isIco]);

  // what the order spends: USDT (spot buy, perpetual margin) or the coin (spot sell)
  const walletName = perp ? 'contract' : 'spot';
  const spendAsset = !perp && values.side === 'sell' ? base : quoteAsset;
  const available = useApiQuery(wallet.validAsset.path, { accountType: walletName, asset: spendAsset }, () => fetchAvailable(walletName, spendAsset), {
    enabled: loggedIn,
  });
  const positions = useApiQuery(perpetual.openList.path, {}, () => fetchPositions(), { enabled: loggedIn && perp });
  const book = useDepth(isIco || !quote ? null : symbol, isIco);

  const quoteSides = quote ? { bid: quote.bid, ask: quote.ask, last: quote.price } : null;
  const limitPrice = values.kind === 'limit' && !priceProblem(values, { priceDecimals }) ? values.price.trim() : null;
  // what a stop or trailing stop watches now, and the price its margin is held at (the engine's rule)
  const watched = quoteSides ? quoteSides.last : null;
  const basis = perp ? conditionalBasis(values.kind, advanced, limitPrice, watched) : null;
  const referencePrice = basis ?? (values.kind === 'limit' ? limitPrice : quoteSides ? (values.side === 'buy' ? quoteSides.ask : quoteSides.bid) : null);
  const limits = { priceDecimals, amountDecimals, minQuantity: terms?.minQuantity ?? null, maxQuantity: terms?.maxQuantity ?? null };
  // a perpetual market order by amount is sized by the engine walking the book; every other one by the price
  const perpMarketByAmount = perp && values.sizeUnit === 'amount' && values.kind === 'market';
  const quantity = perpMarketByAmount
    ? quoteSides && perpAmountQuantity(values.side, values.size, quoteSides, book ? { bids: book.bids, asks: book.asks } : null, amountDecimals)
    : quantityOf(values, referencePrice, amountDecimals);

  // the receipt's figures, recomputed as the book and the inputs change
  const receipt = useMemo(() => {
    if (!terms || !quoteSides || !quantity || quantity.lte(0)) return null;
    const depth = book ? { bids: book.bids, asks: book.asks } : null;
    if (perp) {
      if (!settings || available.data === undefined) return null;
      return {
        kind: 'perp' as const,
        figures: perpReceipt({
          side: values.side,
          // a conditional order's figures are those at the price its margin is held at, not today's book
          kind: basis ? 'limit' : values.kind,
          quantity: quantity.toFixed(),
          price: basis ?? limitPrice,
          leverage,
          quote: quoteSides,
          book: basis ? null : depth,
          terms,
          settings,
          available: available.data,
          positions: positions.data ?? [],
          symbol,
        }),
      };
    }
    const byAmount = values.sizeUnit === 'amount' && values.side === 'buy' && values.kind === 'market';
    return {
      kind: 'spot' as const,
      figures: spotReceipt({
        side: values.side,
        kind: values.kind,
        quantity: byAmount ? null : quantity.toFixed(),
        amount: byAmount ? values.size.trim() : null,
        price: limitPrice,
        quote: quoteSides,
        book: depth,
        terms,
      }),
    };
  }, [terms, quoteSides?.bid, quoteSides?.ask, quoteSides?.last, quantity?.toFixed(), book, perp, settings, available.data, values, limitPrice, leverage, positions.data, symbol, basis]); // eslint-disable-line react-hooks/exhaustive-deps

  // the spec's rules, first failure of each field
  const problems = (() => {
    const price = priceProblem(values, limits);
    const size = sizeProblem(values, limits, referencePrice);
    let funds = null;
    if (!size && receipt && available.data !== undefined) {
      // a reduce-only order holds nothing: the balance does not limit it
      if (receipt.kind === 'perp') funds = advanced.reduceOnly ? null : fundsProblem(receipt.figures.cost, available.data, 'margin');
      else funds = fundsProblem(values.side === 'buy' ? receipt.figures.value : receipt.figures.quantity, available.data, 'spot');
    }
    const triggers = perp && tpSlOn ? tpSlProblems(values, referencePrice, priceDecimals) : { takeProfit: null, stopLoss: null };
    const conditions = perp ? advancedProblems(advanced, watched, priceDecimals) : { trigger: null, callback: null };
    return { price, size: size ?? funds, ...triggers, conditions };
  })();
  const valid = !problems.price && !problems.size && !problems.takeProfit && !problems.stopLoss && !problems.conditions.trigger && !problems.conditions.callback;
  const show = (problem: Key | null) => (touched && problem ? t(problem) : null);

  /** The size `percent` of the available balance comes to, in the size field's unit (null when it cannot be told yet). */
  const sizeFor = (percent: number): string | null => {
    if (available.data === undefined) return null;
    const share = new Decimal(available.data).times(percent).div(100);
    if (perp) {
      const price = referencePrice ? new Decimal(referencePrice) : null;
      if (!price || price.lte(0)) return null;
      // notional = margin × leverage; the fee comes out of the same balance, so it is scaled back once by the
      // receipt's own cost (margin.ts) to stay within what is available
      let q = share.times(leverage).div(price).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN);
      if (terms && settings && quoteSides && q.gt(0)) {
        const figures = perpReceipt({ side: values.side, kind: values.kind, quantity: q.toFixed(), price: limitPrice, leverage, quote: quoteSides, book, terms, settings, available: available.data, positions: positions.data ?? [], symbol });
        if (new Decimal(figures.cost).gt(share) && new Decimal(figures.cost).gt(0))
          q = q.times(share).div(figures.cost).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN);
      }
      return values.sizeUnit === 'amount' ? q.times(price).toDecimalPlaces(QUOTE_DECIMALS, Decimal.ROUND_DOWN).toFixed() : q.toFixed();
    }
    if (values.side === 'buy') {
      if (values.sizeUnit === 'amount') return share.toDecimalPlaces(QUOTE_DECIMALS, Decimal.ROUND_DOWN).toFixed();
      return referencePrice ? share.div(referencePrice).toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN).toFixed() : null;
    }
    if (values.sizeUnit === 'quantity') return share.toDecimalPlaces(amountDecimals, Decimal.ROUND_DOWN).toFixed();
    return referencePrice ? share.times(referencePrice).toDecimalPlaces(QUOTE_DECIMALS, Decimal.ROUND_DOWN).toFixed() : null;
  };

  const setPercent = (percent: number) => {
    const size = sizeFor(percent);
    if (size === null) return;
    setTouched(true);
    setChosenPercent(percent);
    set({ size });
  };

  // the most the balance allows (shown before submitting) and where a typed size puts the slider
  const maxSize = sizeFor(100);
  const typedPercent = (() => {
    if (!maxSize || !values.size.trim()) return 0;
    try {
      const max = new Decimal(maxSize);
      if (max.lte(0)) return 0;
      return Math.min(100, Math.max(0, new Decimal(values.size.trim()).div(max).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()));
    } catch {
      return 0;
    }
  })();
  const sliderPercent = chosenPercent ?? typedPercent;
  const sizeUnitAsset = values.sizeUnit === 'quantity' ? base : quoteAsset;
  const sizeUnitDecimals = values.sizeUnit === 'quantity' ? amountDecimals : QUOTE_DECIMALS;
  const maxLabel = perp ? t('maxOpenLabel') : t(values.side === 'buy' ? 'maxBuyLabel' : 'maxSellLabel');
  // what leaves the balance: a perpetual's margin and fee, a spot buy's value, a spot sell's coins
  const cost = receipt ? (receipt.kind === 'perp' ? { value: receipt.figures.cost, asset: quoteAsset } : values.side === 'buy' ? { value: receipt.figures.value, asset: quoteAsset } : { value: receipt.figures.quantity, asset: base }) : null;
  const costDecimals = cost?.asset === quoteAsset ? QUOTE_DECIMALS : amountDecimals;
  const neededFromWallet = problems.size && cost && available.data !== undefined && new Decimal(cost.value).gt(available.data) ? cost.value : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mayTrade()) return;
    setTouched(true);
    if (!valid || !quantity) {
      (problems.price ? priceInput : sizeInput).current?.focus();
      return;
    }
    if (!receipt) return;
    // spot sizes by amount only a market buy (the rest by the quantity it comes to); a perpetual order always
    const byAmount = values.sizeUnit === 'amount' && (perp || (values.side === 'buy' && values.kind === 'market'));
    setPending({
      market,
      symbol,
      base,
      quoteAsset,
      side: values.side,
      kind: values.kind,
      quantity: quantity.toFixed(),
      amount: byAmount ? values.size.trim() : null,
      price: limitPrice,
      leverage,
      takeProfit: perp && tpSlOn && values.takeProfit.trim() ? values.takeProfit.trim() : null,
      stopLoss: perp && tpSlOn && values.stopLoss.trim() ? values.stopLoss.trim() : null,
      marginMode: settings?.marginMode ?? null,
      isIco,
      ...(perp ? { advanced, watched } : {}),
    });
  };

  const confirm = async (order: PendingOrder) => {
    if (!(await confirmDemo())) return;
    const key = JSON.stringify(order);
    if (attempt.current?.key !== key) attempt.current = { key, requestId: newRequestId() };
    const requestId = attempt.current.requestId;
    const placed = await run(
      () => sendOrder(order, requestId),
      (reason) => {
        if (reason === OUT_OF_TRADING_TIME) setHoursNotice(true);
        // a refusal is an answer: the next confirmation is a new order
        attempt.current = null;
        setPending(null);
      },
    );
    if (!placed) return;
    attempt.current = null;
    setPending(null);
    setValues((current) => ({ ...current, size: '', takeProfit: '', stopLoss: '' }));
    setChosenPercent(null);
    setTouched(false);
    invalidateTrading(queryClient);
    showToast(store, placedText(t, order, placed, priceDecimals), 'success');
  };


  const strongLabel = perp
    ? t(values.side === 'buy' ? 'openLongButton' : 'openShortButton', { leverage: String(leverage) })
    : t(values.side === 'buy' ? 'buyButton' : 'sellButton', { coin: base });
  const sizeLabel = values.sizeUnit === 'quantity' ? t('quantityLabel', { coin: base }) : t('amountLabel', { coin: quoteAsset });

  // spot sells on a holding (TP/SL, OCO) have their own fields and receipt
  const typeSelector = (
    <div className={[styles.segmented, perp ? '' : styles.segmentedWrap].join(' ')} role="group" aria-label={t('orderTypeLabel')}>
      <button type="button" className={styles.segment} aria-pressed={!conditional && values.kind === 'limit'} disabled={isIco || advanced.condition === 'trailing'} onClick={() => chooseKind('limit')} data-testid="kind-limit">
        {t('orderLimit')}
      </button>
      <button type="button" className={styles.segment} aria-pressed={!conditional && values.kind === 'market'} onClick={() => chooseKind('market')} data-testid="kind-market">
        {t('orderMarket')}
      </button>
      {!perp && !isIco
        ? CONDITIONAL_KINDS.map((kind) => (
            <button key={kind} type="button" className={styles.segment} aria-pressed={conditional === kind} onClick={() => setConditional(kind)} data-testid={`kind-${kind}`}>
              {t(kind === 'oco' ? 'orderOco' : 'orderTpSl')}
            </button>
          ))
        : null}
    </div>
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
          problems={touched ? problems.conditions : { trigger: null, callback: null }}
          current={watched}
          priceDecimals={priceDecimals}
          quoteAsset={quoteAsset}
        />
      ) : null}
      {values.kind === 'limit' ? (
        <DecimalField
          ref={priceInput}
          label={t('priceLabel', { coin: quoteAsset })}
          value={values.price}
          onChange={(price) => set({ price })}
          error={show(problems.price)}
          data-testid="order-price"
        />
      ) : (
        <div>
          <span className={styles.fieldLabel}>{t('priceLabel', { coin: quoteAsset })}</span>
          <div className={styles.marketPrice}>{t('marketPriceNote')}</div>
        </div>
      )}
      <DecimalField
        ref={sizeInput}
        label={sizeLabel}
        value={values.size}
        onChange={(size) => {
          setChosenPercent(null);
          set({ size });
        }}
        error={show(problems.size)}
        hint={quantity && values.sizeUnit === 'amount' ? t('approxQuantity', { quantity: formatQuoteAmount(quantity, amountDecimals), coin: base }) : undefined}
        trailing={
          <button
            type="button"
            className={styles.unitToggle}
            onClick={() => {
              setChosenPercent(null);
              set({ sizeUnit: values.sizeUnit === 'quantity' ? 'amount' : 'quantity', size: '' });
            }}
            aria-label={t('switchUnit', { unit: values.sizeUnit === 'quantity' ? quoteAsset : base })}
            data-testid="size-unit"
          >
            {values.sizeUnit === 'quantity' ? base : quoteAsset} ⇄
          </button>
        }
        data-testid="order-size"
      />
      <div>
        <label className={styles.visuallyHidden} htmlFor={`${formId}-percent`}>
          {t('percentLabel')}
        </label>
        <div className={styles.percents}>
          {PERCENTS.map((percent) => (
            <button key={percent} type="button" className={styles.percent} disabled={available.data === undefined} onClick={() => setPercent(percent)} data-testid={`percent-${percent}`}>
              {percent}%
            </button>
          ))}
        </div>
        <input
          id={`${formId}-percent`}
          className={styles.slider}
          type="range"
          min={0}
          max={100}
          step={1}
          value={sliderPercent}
          disabled={available.data === undefined}
          onChange={(event) => setPercent(Number(event.target.value))}
          aria-valuetext={t('percentValue', { percent: String(sliderPercent) })}
          data-testid="order-percent"
        />
      </div>
      <p className={styles.available} data-testid="order-available">
        <span className={styles.muted}>{t('availableLabel')}</span>
        <span>
          {!loggedIn ? '—' : available.data !== undefined ? `${formatQuoteAmount(available.data, spendAsset === quoteAsset ? QUOTE_DECIMALS : amountDecimals)} ${spendAsset}` : available.isError ? t('availableFailed') : '…'}
        </span>
        <FundAction target={walletName} asset={spendAsset} available={available.data ?? null} needed={neededFromWallet} decimals={spendAsset === quoteAsset ? QUOTE_DECIMALS : amountDecimals} />
      </p>
      {loggedIn ? (
        <p className={styles.available} data-testid="order-max">
          <span className={styles.muted}>{maxLabel}</span>
          <span>{maxSize !== null ? `${formatQuoteAmount(maxSize, sizeUnitDecimals)} ${sizeUnitAsset}` : '—'}</span>
        </p>
      ) : null}
      {loggedIn && cost ? (
        <p className={styles.available} data-testid="order-cost">
          <span className={styles.muted}>{t('orderCostLabel')}</span>
          <span>{`${formatQuoteAmount(new Decimal(cost.value).toDecimalPlaces(costDecimals, Decimal.ROUND_UP).toFixed(), costDecimals)} ${cost.asset}`}</span>
        </p>
      ) : null}
      {perp ? (
        <>
          <label className={styles.check}>
            <input type="checkbox" checked={tpSlOn} onChange={(event) => setTpSlOn(event.target.checked)} data-testid="tpsl-toggle" />
            {t('tpSlOnEntry')}
          </label>
          {tpSlOn ? (
            <>
              <DecimalField label={t('takeProfitLabel')} value={values.takeProfit} onChange={(takeProfit) => set({ takeProfit })} error={show(problems.takeProfit)} data-testid="order-tp" />
              <DecimalField label={t('stopLossLabel')} value={values.stopLoss} onChange={(stopLoss) => set({ stopLoss })} error={show(problems.stopLoss)} data-testid="order-sl" />
            </>
          ) : null}
        </>
      ) : null}
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
