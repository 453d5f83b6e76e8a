import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { stockOrders } from '@meridian/contracts';
import { AppLink, Button, Card, Dialog, NotFoundState, Page, QueryState, formatExact, formatPrice, showToast, useApiMutation, useApiQuery, useAttemptId, useForm, useIsLoggedIn, loginUrl } from '@meridian/shared';
import { useT, type Key } from '../../../i18n';
import { P } from '../../../paths';
import { detailHref, useSingleStock, type StockBook } from '../../../stock-core/api';
import { RateNotice } from '../../../stock-core/parts';
import { TradingHoursNotice } from '../../../stock-core/TradingHoursNotice';
import styles from '../../../stock-core/stock.module.css';
import { orderForm, type OrderValues } from './order-form';

/**
 * /pages/stock/stock-buy-sell?symbol=&side=buy|sell&book= — a stock order: market or limit, shares or (a market
 * buy) an amount, DAY or GTC; the receipt from the server's estimate (price, shares, fee, total in the stock's
 * currency and in USDT with the rate and its version) before a confirmation; then the order, once per attempt.
 */
export function StockBuySellPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim();
  const book: StockBook = params.get('book') === 'dayTrading' ? 'dayTrading' : 'stock';
  const stock = useSingleStock(symbol);
  const loggedIn = useIsLoggedIn();
  if (!symbol) {
    return (
      <Page title={t('stockBuySellTitle')}>
        <NotFoundState><AppLink href={P.stockSearch}>{t('stockSearchTitle')}</AppLink></NotFoundState>
      </Page>
    );
  }
  return (
    <Page title={book === 'dayTrading' ? t('dayTradingOrderTitle', { symbol }) : t('stockOrderTitle', { symbol })}>
      <QueryState query={stock} notFound={<AppLink href={P.stockSearch}>{t('stockSearchTitle')}</AppLink>}>
        {(s) => (
          <>
            <RateNotice currency={s.currency} />
            {!s.session.open ? <TradingHoursNotice session={s.session} /> : null}
            {loggedIn ? (
              <OrderForm symbol={s.symbol} currency={s.currency} lotSize={s.lotSize} priceDecimals={s.priceDecimals} price={s.price} book={book} initialSide={params.get('side') === 'sell' ? 'sell' : 'buy'} />
            ) : (
              <Card className={styles.card}><AppLink className={styles.link} href={loginUrl(`${P.stockBuySell}?symbol=${encodeURIComponent(symbol)}`)}>{t('stockLoginToTrade')}</AppLink></Card>
            )}
          </>
        )}
      </QueryState>
    </Page>
  );
}

interface FormProps {
  symbol: string;
  currency: 'USD' | 'JPY';
  lotSize: number;
  priceDecimals: number;
  price: string;
  book: StockBook;
  initialSide: 'buy' | 'sell';
}

function OrderForm({ symbol, currency, lotSize, priceDecimals, price, book, initialSide }: FormProps) {
  const { t, tc } = useT();
  const store = useStore();
  const form = useForm(orderForm, { side: initialSide });
  const checked = form.check({ lotSize });
  const v = form.values;
  const [confirming, setConfirming] = useState<ReturnType<typeof orderForm.summary> | null>(null);
  const attempt = useAttemptId();
  const buy = useApiMutation(stockOrders.buy, { invalidates: ['STOCK_ORDER'] });
  const sell = useApiMutation(stockOrders.sell, { invalidates: ['STOCK_ORDER'] });
  const busy = buy.busy || sell.busy;
  const s = checked.summary;
  const input = {
    symbol, side: v.side, type: v.type, book,
    ...(s.sendShares ? { shares: v.shares } : { amount: v.amount }),
    ...(v.type === 'limit' ? { price: v.price } : {}),
  };
  const estimate = useApiQuery(stockOrders.estimate, input, { enabled: checked.valid, retry: false, refetchInterval: 5000 });
  const error = (field: keyof OrderValues) => (checked.errors[field] ? t(checked.errors[field] as Key, { lot: String(lotSize) }) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
    if (!checked.valid || !estimate.data) return;
    setConfirming(s);
  };

  const confirm = async () => {
    if (!confirming) return;
    const body = {
      // the day-trading book takes DAY only (GTC is refused there)
      symbol, type: confirming.type, book, timeInForce: book === 'dayTrading' ? 'DAY' : confirming.timeInForce,
      ...(confirming.sendShares ? { shares: confirming.shares } : { amount: confirming.amount }),
      ...(confirming.type === 'limit' ? { price: confirming.price } : {}),
    };
    const requestId = attempt.idFor(JSON.stringify({ ...body, side: confirming.side }));
    const result = await (confirming.side === 'buy' ? buy : sell).run({ ...body, requestId });
    attempt.done();
    setConfirming(null);
    if (!result) return;
    const o = result.value;
    if (!('fills' in o)) return; // an order body answers an order (a block subscription is the block screen's)
    form.reset({ ...orderForm.def.initial, side: confirming.side });
    showToast(store, o.status === 'completed' ? t('stockOrderFilled', { shares: o.doneShares, symbol }) : t('stockOrderResting', { shares: o.shares, symbol }), 'success');
  };

  const e = estimate.data;
  return (
    <div className={styles.grid}>
      <Card className={styles.card}>
        <form className={styles.form} onSubmit={submit} noValidate data-testid="stock-order-form">
          <Choice label={t('stockSide')} value={v.side} options={[['buy', t('stockBuy')], ['sell', t('stockSell')]]} onChange={(x) => form.set('side', x)} testId="order-side" />
          <Choice label={t('stockOrderType')} value={v.type} options={[['market', t('stockMarketOrder')], ['limit', t('stockLimitOrder')]]} onChange={(x) => form.set('type', x)} testId="order-type" />
          {v.type === 'market' && v.side === 'buy' ? (
            <Choice label={t('stockSizeBy')} value={v.sizeBy} options={[['shares', t('stockByShares')], ['amount', t('stockByAmount', { currency })]]} onChange={(x) => form.set('sizeBy', x)} testId="order-size-by" />
          ) : null}
          {v.type === 'limit' ? (
            <Input label={t('stockLimitPrice', { currency })} value={v.price} onChange={(x) => form.set('price', x)} error={error('price')} hint={t('stockLastPrice', { price: formatPrice(price, priceDecimals), currency })} testId="order-price" />
          ) : null}
          {s.sendShares ? (
            <Input label={t('stockShares')} value={v.shares} onChange={(x) => form.set('shares', x)} error={error('shares')} hint={lotSize > 1 ? t('stockLotHint', { lot: String(lotSize) }) : undefined} testId="order-shares" />
          ) : (
            <Input label={t('stockAmount', { currency })} value={v.amount} onChange={(x) => form.set('amount', x)} error={error('amount')} testId="order-amount" />
          )}
          {v.type === 'limit' && book === 'stock' ? (
            <Choice label={t('stockTimeInForce')} value={v.timeInForce} options={[['DAY', t('stockDay')], ['GTC', t('stockGtc')]]} onChange={(x) => form.set('timeInForce', x)} testId="order-tif" />
          ) : null}
          <Button type="submit" disabled={busy || !e} data-testid="order-submit">{v.side === 'buy' ? t('stockReviewBuy') : t('stockReviewSell')}</Button>
        </form>
      </Card>
      <Card className={styles.card}>
        <h2 className={styles.title}>{t('stockReceipt')}</h2>
        {!checked.valid ? (
          <p className={styles.muted}>{t('stockReceiptHint')}</p>
        ) : estimate.isError ? (
          <p className={styles.error} role="alert" data-testid="order-estimate-error">{estimate.error.message}</p>
        ) : e ? (
          <Receipt estimate={e} currency={currency} priceDecimals={priceDecimals} />
        ) : (
          <p className={styles.muted} role="status">{tc('loading')}</p>
        )}
        <AppLink className={styles.link} href={detailHref(symbol)}>{t('stockBackToDetail')}</AppLink>
      </Card>
      {confirming && e ? (
        <Dialog
          title={confirming.side === 'buy' ? t('stockConfirmBuy', { symbol }) : t('stockConfirmSell', { symbol })}
          testId="order-confirm"
          onDismiss={() => (busy ? undefined : setConfirming(null))}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>{tc('cancel')}</Button>
              <Button data-primary="" onClick={() => void confirm()} disabled={busy} data-testid="order-confirm-button">{t('stockConfirm')}</Button>
            </>
          }
        >
          <Receipt estimate={e} currency={currency} priceDecimals={priceDecimals} />
          {confirming.type === 'limit' ? <p className={styles.muted}>{confirming.timeInForce === 'DAY' || book === 'dayTrading' ? t('stockDayNote') : t('stockGtcNote')}</p> : null}
        </Dialog>
      ) : null}
    </div>
  );
}

type Estimate = NonNullable<ReturnType<typeof useApiQuery<typeof stockOrders.estimate>>['data']>;

function Receipt({ estimate: e, currency, priceDecimals }: { estimate: Estimate; currency: string; priceDecimals: number }) {
  const { t } = useT();
  return (
    <dl className={styles.facts} data-testid="order-receipt">
      <dt>{t('stockReceiptPrice')}</dt>
      <dd>{`${formatPrice(e.price, priceDecimals)} ${currency}`}</dd>
      <dt>{t('stockShares')}</dt>
      <dd data-testid="receipt-shares">{e.shares}</dd>
      <dt>{t('stockReceiptValue')}</dt>
      <dd>{`${formatExact(e.value)} ${currency}`}<br />{`${formatExact(e.valueUsdt)} USDT`}</dd>
      <dt>{t('stockReceiptFee', { rate: String(Number(e.feeRate) * 100) })}</dt>
      <dd>{`${formatExact(e.feeUsdt)} USDT`}</dd>
      <dt>{e.side === 'buy' ? t('stockReceiptTotalBuy') : t('stockReceiptTotalSell')}</dt>
      <dd data-testid="receipt-total"><strong>{`${formatExact(e.totalUsdt)} USDT`}</strong></dd>
      <dt>{t('stockReceiptRate')}</dt>
      <dd>{t('stockRateUsed', { rate: e.rate, currency, version: String(e.rateVersion) })}</dd>
      <dt>{e.side === 'buy' ? t('stockAvailableUsdt') : t('stockAvailableShares')}</dt>
      <dd>{e.side === 'buy' ? `${formatExact(e.availableUsdt)} USDT` : e.availableShares}</dd>
      {!e.enough ? <dd className={styles.error} style={{ gridColumn: '1 / -1' }} role="alert">{t('stockNotEnough')}</dd> : null}
    </dl>
  );
}

function Choice<T extends string>({ label, value, options, onChange, testId }: { label: string; value: T; options: readonly (readonly [T, string])[]; onChange: (v: T) => void; testId: string }) {
  return (
    <div className={styles.field}>
      <span>{label}</span>
      <div className={styles.segmented} role="group" aria-label={label} data-testid={testId}>
        {options.map(([key, text]) => (
          <button key={key} type="button" className={styles.chip} aria-pressed={value === key} onClick={() => onChange(key)} data-testid={`${testId}-${key}`}>
            {text}
          </button>
        ))}
      </div>
    </div>
  );
}

function Input({ label, value, onChange, error, hint, testId }: { label: string; value: string; onChange: (v: string) => void; error?: string | undefined; hint?: string | undefined; testId: string }) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <input className={styles.input} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value.trim())} aria-invalid={error ? true : undefined} data-testid={testId} />
      {hint ? <span className={styles.muted}>{hint}</span> : null}
      {error ? <p className={styles.error} role="alert">{error}</p> : null}
    </label>
  );
}
