import { useState } from 'react';
import { useStore } from 'jotai';
import Decimal from 'decimal.js';
import { c2c, type DataOf } from '@meridian/contracts';
import { Button, DecimalField, Dialog, EmptyState, ErrorState, Spinner, formatScreenTime, showToast, useApiMutation, useAttemptId } from '@meridian/shared';
import { useT } from '../i18n';
import { useOtcRecords, useQuotes, type Quote } from './api';
import { money } from './format';
import styles from './c2c.module.css';

type BuyAnswer = DataOf<typeof c2c.currencyBuy>;

/**
 * Buying and selling against the platform at its quote (feed price ± the stated spread, valid for a stated time):
 * the amount, then a receipt with the quote's validity, then the order. A buy shows where to transfer the money;
 * the coins come when staff confirm it. A sell holds the coins until staff pay out.
 */
export function OtcDesk() {
  const { t } = useT();
  const quotes = useQuotes();
  const records = useOtcRecords();
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [asset, setAsset] = useState('USDT');
  const [fiat, setFiat] = useState('USD');
  const [quantity, setQuantity] = useState('');
  const [review, setReview] = useState<Quote | null>(null);
  const [payTo, setPayTo] = useState<BuyAnswer | null>(null);
  // the fiats the desk quotes (those operators have set terms for), each with the coins it has a price for
  const fiats = [...new Set(quotes.data?.map((q) => q.fiat) ?? [])];
  const coins = quotes.data?.filter((q) => q.fiat === fiat).map((q) => q.asset) ?? [];
  const quote = quotes.data?.find((q) => q.asset === asset && q.fiat === fiat);
  const price = quote ? (side === 'buy' ? quote.buyPrice : quote.sellPrice) : '';
  let total = '';
  try {
    total = price && quantity ? new Decimal(price).times(quantity).toDecimalPlaces(2, side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN).toFixed() : '';
  } catch {
    total = '';
  }
  return (
    <div className={styles.grid}>
      <section className={styles.card} aria-labelledby="otc-title">
        <h2 id="otc-title" className={styles.title}>{t('otcTradeTitle')}</h2>
        <div className={styles.tabs} role="tablist" aria-label={t('c2cSideLabel')}>
          {(['buy', 'sell'] as const).map((s) => (
            <button key={s} type="button" role="tab" className={styles.tab} aria-selected={side === s} onClick={() => setSide(s)} data-testid={`otc-tab-${s}`}>{t(s === 'buy' ? 'c2cTabBuy' : 'c2cTabSell')}</button>
          ))}
        </div>
        {quotes.isPending ? <Spinner label={t('c2cLoading')} /> : quotes.isError ? <ErrorState title={t('c2cLoadFailed')} onRetry={() => void quotes.refetch()} /> : (
          <>
            <label className={styles.label}>{t('c2cCoinLabel')}
              <select className={styles.select} value={asset} onChange={(e) => setAsset(e.target.value)} data-testid="otc-asset">
                {coins.map((coin) => <option key={coin} value={coin}>{coin}</option>)}
              </select>
            </label>
            <label className={styles.label}>{t('c2cFiatLabel')}
              <select className={styles.select} value={fiat} onChange={(e) => setFiat(e.target.value)} data-testid="otc-fiat">
                {fiats.map((f) => <option key={f} value={f}>{f}</option>)}
              </select>
            </label>
            {quote ? (
              <dl className={styles.facts} data-testid="otc-quote">
                <dt>{t(side === 'buy' ? 'otcBuyPrice' : 'otcSellPrice')}</dt><dd>{money(price, quote.fiat)}</dd>
                <dt>{t('otcSpread')}</dt><dd>{`${new Decimal(quote.spread).times(100).toFixed()} %`}</dd>
                <dt>{t('otcValidUntil')}</dt><dd>{`${formatScreenTime(quote.validUntil, 'utc')} UTC`}</dd>
              </dl>
            ) : null}
            <DecimalField label={t('c2cQuantityOf', { asset })} value={quantity} onChange={setQuantity} data-testid="otc-quantity" />
            {total ? <p className={styles.num}>{`${t(side === 'buy' ? 'c2cYouPay' : 'c2cYouReceive')}: ${money(total, quote?.fiat ?? fiat)}`}</p> : null}
            <Button disabled={!quote || !total || new Decimal(total).lte(0)} onClick={() => quote && setReview(quote)} data-testid="otc-review">{t('c2cReview')}</Button>
          </>
        )}
      </section>
      <section className={styles.stack} aria-labelledby="otc-records-title">
        <h2 id="otc-records-title" className={styles.title}>{t('otcRecords')}</h2>
        {records.isPending ? <Spinner label={t('c2cLoading')} /> : records.isError ? <ErrorState title={t('c2cLoadFailed')} onRetry={() => void records.refetch()} /> : records.data.list.length === 0 ? <EmptyState title={t('otcNoRecords')} /> : (
          <ul className={styles.cards} data-testid="otc-records">
            {records.data.list.map((o) => (
              <li key={o.id} className={styles.card}>
                <div className={styles.spread}>
                  <p className={styles.title}>{`${t(o.side === 'buy' ? 'c2cTabBuy' : 'c2cTabSell')} ${money(o.quantity, o.asset)}`}</p>
                  <span className={styles.badge}>{t(`otcStatus_${o.status}`)}</span>
                </div>
                <p className={styles.muted}>{`${money(o.total, o.fiat)} · OTC-${o.id}${o.reason ? ` · ${o.reason}` : ''}`}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {review ? <ConfirmDialog quote={review} side={side} quantity={quantity} total={total} onClose={() => setReview(null)} onBought={setPayTo} /> : null}
      {payTo ? (
        <Dialog title={t('otcTransferTitle')} onDismiss={() => setPayTo(null)} testId="otc-pay-to" actions={<Button data-primary onClick={() => setPayTo(null)}>{t('otcDone')}</Button>}>
          <p>{t('otcTransferText', { total: money(payTo.order.total, payTo.order.fiat) })}</p>
          <dl className={styles.facts}>
            <dt>{t('c2cBankName')}</dt><dd>{payTo.payTo.bankName}</dd>
            <dt>{t('c2cBankNumber')}</dt><dd>{payTo.payTo.bankNumber}</dd>
            <dt>{t('c2cAccountNumber')}</dt><dd>{payTo.payTo.accountNumber}</dd>
            <dt>{t('c2cHolderName')}</dt><dd>{payTo.payTo.holderName}</dd>
            <dt>{t('otcReference')}</dt><dd><strong>{payTo.payTo.reference}</strong></dd>
          </dl>
        </Dialog>
      ) : null}
    </div>
  );
}

function ConfirmDialog({ quote, side, quantity, total, onClose, onBought }: { quote: Quote; side: 'buy' | 'sell'; quantity: string; total: string; onClose: () => void; onBought: (answer: BuyAnswer) => void }) {
  const { t } = useT();
  const store = useStore();
  const buy = useApiMutation(c2c.currencyBuy, { invalidates: ['C2C_ORDER'] });
  const sell = useApiMutation(c2c.currencySell, { invalidates: ['C2C_ORDER', 'BALANCE'] });
  const attempt = useAttemptId();
  const submit = async () => {
    const input = { quoteId: quote.quoteId, quantity, requestId: attempt.idFor(`${quote.quoteId}:${side}:${quantity}`) };
    const done = side === 'buy' ? await buy.run(input) : await sell.run(input);
    if (!done) return;
    attempt.done();
    onClose();
    if (side === 'buy') onBought(done.value as BuyAnswer);
    else showToast(store, t('otcSellPlaced'), 'success');
  };
  return (
    <Dialog title={t(side === 'buy' ? 'otcConfirmBuy' : 'otcConfirmSell')} onDismiss={onClose} testId="otc-confirm-dialog"
      actions={<><Button variant="secondary" onClick={onClose}>{t('c2cBack')}</Button><Button data-primary onClick={() => void submit()} disabled={buy.busy || sell.busy} data-testid="otc-confirm">{t('c2cConfirm')}</Button></>}>
      <dl className={styles.facts} data-testid="otc-receipt">
        <dt>{t('c2cPrice')}</dt><dd>{money(side === 'buy' ? quote.buyPrice : quote.sellPrice, quote.fiat)}</dd>
        <dt>{t('c2cQuantity')}</dt><dd>{money(quantity, quote.asset)}</dd>
        <dt>{t(side === 'buy' ? 'c2cYouPay' : 'c2cYouReceive')}</dt><dd><strong>{money(total, quote.fiat)}</strong></dd>
        <dt>{t('otcValidUntil')}</dt><dd>{`${formatScreenTime(quote.validUntil, 'utc')} UTC`}</dd>
      </dl>
      <p className={styles.muted}>{t(side === 'buy' ? 'otcBuyNote' : 'otcSellNote')}</p>
    </Dialog>
  );
}
