import { useState, type FormEvent } from 'react';
import { useStore } from 'jotai';
import { C2C_ASSETS, C2C_FIATS, C2C_PAYMENT_KINDS, c2c } from '@meridian/contracts';
import { Button, DecimalField, Dialog, EmptyState, ErrorState, Spinner, showToast, useApiMutation, useAttemptId } from '@meridian/shared';
import { useT } from '../i18n';
import { useMerchant, useMyAds, type Ad } from './api';
import { money } from './format';
import styles from './c2c.module.css';

/** Becoming a merchant (KYC first; staff decide), then posting and closing ads. */
export function Merchant() {
  const { t } = useT();
  const merchant = useMerchant();
  if (merchant.isPending) return <Spinner label={t('c2cLoading')} />;
  if (merchant.isError) return <ErrorState title={t('c2cLoadFailed')} onRetry={() => void merchant.refetch()} />;
  const status = merchant.data.status;
  return (
    <section className={styles.stack} aria-labelledby="c2c-merchant-title">
      <h2 id="c2c-merchant-title" className={styles.title}>{t('c2cMerchantTitle')}</h2>
      {status === 'approved' ? <MyAds /> : <Apply status={status} reason={merchant.data.reason} />}
    </section>
  );
}

function Apply({ status, reason }: { status: 'none' | 'pending' | 'rejected' | 'approved'; reason: string }) {
  const { t } = useT();
  const [name, setName] = useState('');
  const apply = useApiMutation(c2c.applyMerchant, { invalidates: ['C2C_ORDER'] });
  if (status === 'pending') return <p className={styles.banner} data-testid="c2c-merchant-pending">{t('c2cMerchantPending')}</p>;
  return (
    <form className={styles.card} onSubmit={(e: FormEvent) => { e.preventDefault(); void apply.run({ displayName: name.trim() }); }} data-testid="c2c-merchant-apply">
      <p>{t('c2cMerchantIntro')}</p>
      {status === 'rejected' ? <p className={styles.error}>{t('c2cMerchantRejected', { reason })}</p> : null}
      <label className={styles.label}>{t('c2cDisplayName')}<input className={styles.input} value={name} maxLength={32} onChange={(e) => setName(e.target.value)} required data-testid="c2c-merchant-name" /></label>
      <Button type="submit" disabled={!name.trim() || apply.busy} data-testid="c2c-merchant-submit">{t('c2cApply')}</Button>
    </form>
  );
}

function MyAds() {
  const { t } = useT();
  const ads = useMyAds();
  const [posting, setPosting] = useState(false);
  const [closing, setClosing] = useState<Ad | null>(null);
  return (
    <div className={styles.stack}>
      <div className={styles.spread}>
        <h3 className={styles.title}>{t('c2cMyAds')}</h3>
        {!posting ? <Button onClick={() => setPosting(true)} data-testid="c2c-post-ad">{t('c2cPostAd')}</Button> : null}
      </div>
      {posting ? <AdForm onDone={() => setPosting(false)} /> : null}
      {ads.isPending ? <Spinner label={t('c2cLoading')} /> : ads.isError ? <ErrorState title={t('c2cLoadFailed')} onRetry={() => void ads.refetch()} /> : ads.data.list.length === 0 ? (
        <EmptyState title={t('c2cNoMyAds')} />
      ) : (
        <ul className={styles.cards} data-testid="c2c-my-ads">
          {ads.data.list.map((ad) => (
            <li key={ad.id} className={styles.card}>
              <div className={styles.spread}>
                <p className={styles.title}>{`${t(ad.side === 'sell' ? 'c2cAdSell' : 'c2cAdBuy', { asset: ad.asset })} · ${money(ad.price, ad.fiat)}`}</p>
                <span className={styles.badge}>{t(ad.status === 'open' ? 'c2cAdOpen' : 'c2cAdClosed')}</span>
              </div>
              <p className={styles.muted}>{t('c2cAdRemaining', { remaining: money(ad.remaining, ad.asset), quantity: money(ad.quantity, ad.asset) })}</p>
              {ad.status === 'open' ? <Button variant="secondary" onClick={() => setClosing(ad)} data-testid={`c2c-close-ad-${ad.id}`}>{t('c2cCloseAd')}</Button> : null}
            </li>
          ))}
        </ul>
      )}
      {closing ? <CloseDialog ad={closing} onClose={() => setClosing(null)} /> : null}
    </div>
  );
}

function CloseDialog({ ad, onClose }: { ad: Ad; onClose: () => void }) {
  const { t } = useT();
  const close = useApiMutation(c2c.closeAd, { invalidates: ['C2C_ORDER'] });
  const attempt = useAttemptId();
  const submit = async () => {
    if (await close.run({ adId: ad.id, requestId: attempt.idFor(ad.id) })) onClose();
  };
  return (
    <Dialog title={t('c2cCloseAd')} onDismiss={onClose} actions={<><Button variant="secondary" onClick={onClose}>{t('c2cBack')}</Button><Button data-primary onClick={() => void submit()} disabled={close.busy}>{t('c2cConfirm')}</Button></>}>
      <p>{t(ad.side === 'sell' ? 'c2cCloseSellAdText' : 'c2cCloseBuyAdText', { remaining: money(ad.remaining, ad.asset) })}</p>
    </Dialog>
  );
}

const EMPTY = { side: 'sell' as 'buy' | 'sell', asset: 'USDT', fiat: 'USD', price: '', minOrder: '', maxOrder: '', quantity: '', windowMinutes: '15', terms: '' };

/** A new ad: the figures, then a review (a sell ad's quantity is held at once), then it is posted. */
function AdForm({ onDone }: { onDone: () => void }) {
  const { t } = useT();
  const store = useStore();
  const [form, setForm] = useState(EMPTY);
  const [kinds, setKinds] = useState<string[]>(['bank']);
  const [review, setReview] = useState(false);
  const create = useApiMutation(c2c.createAd, { invalidates: ['C2C_ORDER'] });
  const attempt = useAttemptId();
  const set = (name: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const ready = form.price && form.minOrder && form.maxOrder && form.quantity && kinds.length > 0;
  const submit = async () => {
    const body = { ...form, windowMinutes: Number(form.windowMinutes), paymentKinds: kinds as (typeof C2C_PAYMENT_KINDS)[number][], fiat: form.fiat as (typeof C2C_FIATS)[number], requestId: attempt.idFor(JSON.stringify([form, kinds])) };
    if (!(await create.run(body))) return;
    attempt.done();
    showToast(store, t('c2cAdPosted'), 'success');
    onDone();
  };
  return (
    <form className={styles.card} onSubmit={(e) => { e.preventDefault(); setReview(true); }} data-testid="c2c-ad-form">
      <div className={styles.filters}>
        <label className={styles.label}>{t('c2cAdSide')}
          <select className={styles.select} value={form.side} onChange={(e) => set('side')(e.target.value)} data-testid="c2c-ad-side">
            <option value="sell">{t('c2cAdSideSell')}</option><option value="buy">{t('c2cAdSideBuy')}</option>
          </select>
        </label>
        <label className={styles.label}>{t('c2cCoinLabel')}
          <select className={styles.select} value={form.asset} onChange={(e) => set('asset')(e.target.value)}>{C2C_ASSETS.map((a) => <option key={a}>{a}</option>)}</select>
        </label>
        <label className={styles.label}>{t('c2cFiatLabel')}
          <select className={styles.select} value={form.fiat} onChange={(e) => set('fiat')(e.target.value)}>{C2C_FIATS.map((f) => <option key={f}>{f}</option>)}</select>
        </label>
      </div>
      <DecimalField label={t('c2cPriceIn', { fiat: form.fiat })} value={form.price} onChange={set('price')} data-testid="c2c-ad-price" />
      <DecimalField label={t('c2cQuantityOf', { asset: form.asset })} value={form.quantity} onChange={set('quantity')} data-testid="c2c-ad-quantity" />
      <DecimalField label={t('c2cMinOrder', { fiat: form.fiat })} value={form.minOrder} onChange={set('minOrder')} data-testid="c2c-ad-min" />
      <DecimalField label={t('c2cMaxOrder', { fiat: form.fiat })} value={form.maxOrder} onChange={set('maxOrder')} data-testid="c2c-ad-max" />
      <fieldset className={styles.row} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={styles.muted}>{t('c2cPaymentLabel')}</legend>
        {C2C_PAYMENT_KINDS.map((k) => (
          <label key={k} className={styles.row}>
            <input type="checkbox" checked={kinds.includes(k)} onChange={(e) => setKinds((list) => (e.target.checked ? [...list, k] : list.filter((x) => x !== k)))} />
            {t(`c2cKind_${k}`)}
          </label>
        ))}
      </fieldset>
      <label className={styles.label}>{t('c2cWindow')}
        <select className={styles.select} value={form.windowMinutes} onChange={(e) => set('windowMinutes')(e.target.value)}>
          {['15', '30', '45', '60'].map((m) => <option key={m} value={m}>{t('c2cMinutes', { minutes: m })}</option>)}
        </select>
      </label>
      <label className={styles.label}>{t('c2cTerms')}<textarea className={styles.textarea} value={form.terms} maxLength={500} onChange={(e) => set('terms')(e.target.value)} /></label>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone}>{t('c2cCancel')}</Button>
        <Button type="submit" disabled={!ready} data-testid="c2c-ad-review">{t('c2cReview')}</Button>
      </div>
      {review ? (
        <Dialog title={t('c2cPostAd')} onDismiss={() => setReview(false)} testId="c2c-ad-confirm-dialog"
          actions={<><Button variant="secondary" onClick={() => setReview(false)}>{t('c2cBack')}</Button><Button data-primary onClick={() => void submit()} disabled={create.busy} data-testid="c2c-ad-confirm">{t('c2cConfirm')}</Button></>}>
          <dl className={styles.facts}>
            <dt>{t('c2cAdSide')}</dt><dd>{t(form.side === 'sell' ? 'c2cAdSideSell' : 'c2cAdSideBuy')}</dd>
            <dt>{t('c2cPrice')}</dt><dd>{money(form.price, form.fiat)}</dd>
            <dt>{t('c2cQuantity')}</dt><dd>{money(form.quantity, form.asset)}</dd>
            <dt>{t('c2cLimits')}</dt><dd>{`${money(form.minOrder, form.fiat)} – ${money(form.maxOrder, form.fiat)}`}</dd>
          </dl>
          {form.side === 'sell' ? <p className={styles.muted}>{t('c2cSellAdHoldNote', { quantity: money(form.quantity, form.asset) })}</p> : null}
        </Dialog>
      ) : null}
    </form>
  );
}
