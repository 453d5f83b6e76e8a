import { useState } from 'react';
import { useStore } from 'jotai';
import Decimal from 'decimal.js';
import { C2C_ASSETS, C2C_FIATS, C2C_PAYMENT_KINDS, c2c } from '@meridian/contracts';
import { Button, DecimalField, Dialog, EmptyState, ErrorState, navigate, showToast, Spinner, useApiMutation, useAttemptId, useSession } from '@meridian/shared';
import { useT } from '../i18n';
import { useAds, type Ad } from './api';
import { money } from './format';
import styles from './c2c.module.css';

/**
 * The market: "Buy" shows merchants' sell ads (cheapest first), "Sell" their buy ads (dearest first), filtered by
 * coin, fiat and payment method, each with the merchant's record from real orders. Taking an ad asks for the
 * quantity, shows the receipt, then confirms; the order opens at `orderHref`.
 */
export function AdList({ orderHref, wide = false }: { orderHref: (id: string) => string; wide?: boolean }) {
  const { t } = useT();
  const [tab, setTab] = useState<'buy' | 'sell'>('buy');
  const [asset, setAsset] = useState<string>('USDT');
  const [fiat, setFiat] = useState('');
  const [payment, setPayment] = useState('');
  const [taking, setTaking] = useState<Ad | null>(null);
  const { userInfo } = useSession();
  const me = String(userInfo?.uid ?? '');
  const ads = useAds({ side: tab === 'buy' ? 'sell' : 'buy', asset, fiat, payment });
  return (
    <section className={styles.stack} aria-labelledby="c2c-market-title">
      <h2 id="c2c-market-title" className={styles.title}>{t('c2cMarketTitle')}</h2>
      <div className={styles.tabs} role="tablist" aria-label={t('c2cSideLabel')}>
        {(['buy', 'sell'] as const).map((side) => (
          <button key={side} type="button" role="tab" className={styles.tab} aria-selected={tab === side} onClick={() => setTab(side)} data-testid={`c2c-tab-${side}`}>
            {t(side === 'buy' ? 'c2cTabBuy' : 'c2cTabSell')}
          </button>
        ))}
      </div>
      <div className={styles.filters}>
        <label className={styles.label}>
          {t('c2cCoinLabel')}
          <select className={styles.select} value={asset} onChange={(e) => setAsset(e.target.value)}>
            {C2C_ASSETS.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </label>
        <label className={styles.label}>
          {t('c2cFiatLabel')}
          <select className={styles.select} value={fiat} onChange={(e) => setFiat(e.target.value)}>
            <option value="">{t('c2cAny')}</option>
            {C2C_FIATS.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        <label className={styles.label}>
          {t('c2cPaymentLabel')}
          <select className={styles.select} value={payment} onChange={(e) => setPayment(e.target.value)}>
            <option value="">{t('c2cAny')}</option>
            {C2C_PAYMENT_KINDS.map((k) => <option key={k} value={k}>{t(`c2cKind_${k}`)}</option>)}
          </select>
        </label>
      </div>
      {ads.isPending ? <Spinner label={t('c2cLoading')} /> : ads.isError ? <ErrorState title={t('c2cLoadFailed')} onRetry={() => void ads.refetch()} /> : ads.data.list.length === 0 ? (
        <EmptyState title={t('c2cNoAds')} />
      ) : (
        <ul className={[styles.cards, wide ? styles.wide : ''].join(' ')} data-testid="c2c-ads">
          {ads.data.list.map((ad) => (
            <li key={ad.id} className={styles.card} data-testid={`c2c-ad-${ad.id}`}>
              <div>
                <p className={styles.title}>{ad.merchant.displayName}</p>
                <p className={styles.muted}>
                  {t('c2cMerchantRecord', { orders: String(ad.merchant.completedOrders), rate: ad.merchant.completionRate || '—' })}
                  {ad.merchant.avgReleaseSeconds !== null ? ` · ${t('c2cAvgRelease', { minutes: String(Math.max(1, Math.round(ad.merchant.avgReleaseSeconds / 60))) })}` : ''}
                </p>
              </div>
              <div>
                <p className={styles.big}>{money(ad.price, ad.fiat)}</p>
                <dl className={styles.facts}>
                  <dt>{t('c2cAvailable')}</dt><dd>{money(ad.remaining, ad.asset)}</dd>
                  <dt>{t('c2cLimits')}</dt><dd>{`${money(ad.minOrder, ad.fiat)} – ${money(ad.maxOrder, ad.fiat)}`}</dd>
                  <dt>{t('c2cPaymentLabel')}</dt><dd>{ad.paymentKinds.map((k) => t(`c2cKind_${k}`)).join(', ')}</dd>
                </dl>
              </div>
              {ad.merchantId === me ? (
                <span className={styles.badge}>{t('c2cYourAd')}</span>
              ) : (
                <Button onClick={() => setTaking(ad)} data-testid={`c2c-take-${ad.id}`}>
                  {t(tab === 'buy' ? 'c2cBuyAsset' : 'c2cSellAsset', { asset: ad.asset })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {taking ? <TakeDialog ad={taking} buying={tab === 'buy'} onClose={() => setTaking(null)} orderHref={orderHref} /> : null}
    </section>
  );
}

/** The quantity, then the receipt (price, total, window, terms), then the order. */
function TakeDialog({ ad, buying, onClose, orderHref }: { ad: Ad; buying: boolean; onClose: () => void; orderHref: (id: string) => string }) {
  const { t } = useT();
  const store = useStore();
  const { isLoggedIn } = useSession();
  const [quantity, setQuantity] = useState('');
  const [review, setReview] = useState(false);
  const create = useApiMutation(c2c.createOrder, { invalidates: ['C2C_ORDER'] });
  const attempt = useAttemptId();
  let total: Decimal | null = null;
  try {
    total = quantity ? new Decimal(ad.price).times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : null;
  } catch {
    total = null;
  }
  const problem = !total || total.lte(0) ? '' : total.lt(ad.minOrder) || total.gt(ad.maxOrder) ? t('c2cOutsideLimits', { min: ad.minOrder, max: ad.maxOrder, fiat: ad.fiat }) : new Decimal(quantity).gt(ad.remaining) ? t('c2cAboveAvailable', { remaining: ad.remaining, asset: ad.asset }) : '';
  const submit = async () => {
    const result = await create.run({ adId: ad.id, quantity, requestId: attempt.idFor(`${ad.id}:${quantity}`) });
    if (!result) return;
    attempt.done();
    showToast(store, t('c2cOrderCreated'), 'success');
    onClose();
    navigate(orderHref(result.value.id));
  };
  return (
    <Dialog
      title={t(buying ? 'c2cBuyAsset' : 'c2cSellAsset', { asset: ad.asset })}
      onDismiss={onClose}
      testId="c2c-take-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={review ? () => setReview(false) : onClose}>{t(review ? 'c2cBack' : 'c2cCancel')}</Button>
          {review ? (
            <Button data-primary onClick={() => void submit()} disabled={create.busy} data-testid="c2c-take-confirm">{t('c2cConfirmOrder')}</Button>
          ) : (
            <Button data-primary onClick={() => setReview(true)} disabled={!isLoggedIn || !total || total.lte(0) || Boolean(problem)} data-testid="c2c-take-review">{t('c2cReview')}</Button>
          )}
        </>
      }
    >
      {review && total ? (
        <dl className={styles.facts} data-testid="c2c-take-receipt">
          <dt>{t('c2cMerchant')}</dt><dd>{ad.merchant.displayName}</dd>
          <dt>{t('c2cPrice')}</dt><dd>{money(ad.price, ad.fiat)}</dd>
          <dt>{t('c2cQuantity')}</dt><dd>{money(quantity, ad.asset)}</dd>
          <dt>{t(buying ? 'c2cYouPay' : 'c2cYouReceive')}</dt><dd><strong>{money(total.toFixed(), ad.fiat)}</strong></dd>
          <dt>{t('c2cWindow')}</dt><dd>{t('c2cMinutes', { minutes: String(ad.windowMinutes) })}</dd>
          {ad.terms ? <><dt>{t('c2cTerms')}</dt><dd>{ad.terms}</dd></> : null}
        </dl>
      ) : (
        <div className={styles.stack}>
          {!isLoggedIn ? <p className={styles.error}>{t('c2cLoginFirst')}</p> : null}
          <p className={styles.muted}>{t('c2cPriceLimits', { price: money(ad.price, ad.fiat), min: money(ad.minOrder, ad.fiat), max: money(ad.maxOrder, ad.fiat) })}</p>
          <DecimalField label={t('c2cQuantityOf', { asset: ad.asset })} value={quantity} onChange={setQuantity} data-testid="c2c-take-quantity" />
          {total && total.gt(0) ? <p className={styles.num}>{t(buying ? 'c2cYouPay' : 'c2cYouReceive')}: {money(total.toFixed(), ad.fiat)}</p> : null}
          {problem ? <p className={styles.error} role="alert">{problem}</p> : null}
        </div>
      )}
    </Dialog>
  );
}
