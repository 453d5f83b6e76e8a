import { useState, type FormEvent } from 'react';
import { useStore } from 'jotai';
import { C2C_PAYMENT_KINDS, c2c } from '@meridian/contracts';
import { Button, EmptyState, ErrorState, ImagePicker, Spinner, uploadImage, useApiMutation, UploadImage } from '@meridian/shared';
import { useT } from '../i18n';
import { usePaymentMethods, type PaymentMethod } from './api';
import styles from './c2c.module.css';

/**
 * The user's own payment methods (bank transfer: bank name, bank number, account number and an optional photo
 * under the 5 MB image rule); a counterparty sees them only inside an order.
 */
export function PaymentMethods() {
  const { t } = useT();
  const methods = usePaymentMethods();
  const remove = useApiMutation(c2c.removePaymentMethod, { invalidates: ['C2C_ORDER'] });
  const [adding, setAdding] = useState(false);
  return (
    <section className={styles.stack} aria-labelledby="c2c-methods-title">
      <div className={styles.spread}>
        <h2 id="c2c-methods-title" className={styles.title}>{t('c2cPaymentMethods')}</h2>
        {!adding ? <Button variant="secondary" onClick={() => setAdding(true)} data-testid="c2c-method-add">{t('c2cAddMethod')}</Button> : null}
      </div>
      {adding ? <MethodForm onDone={() => setAdding(false)} /> : null}
      {methods.isPending ? <Spinner label={t('c2cLoading')} /> : methods.isError ? <ErrorState title={t('c2cLoadFailed')} onRetry={() => void methods.refetch()} /> : methods.data.length === 0 ? (
        <EmptyState title={t('c2cNoMethods')} />
      ) : (
        <ul className={styles.cards} data-testid="c2c-methods">
          {methods.data.map((m: PaymentMethod) => (
            <li key={m.id} className={styles.card}>
              <div className={styles.spread}>
                <p className={styles.title}>{`${t(`c2cKind_${m.kind}`)} · ${m.holderName}`}</p>
                <Button variant="secondary" onClick={() => void remove.run({ id: m.id })} disabled={remove.busy} aria-label={t('c2cRemoveMethodOf', { name: m.accountNumber })}>{t('c2cRemove')}</Button>
              </div>
              <p className={styles.muted}>{[m.bankName, m.bankNumber, m.accountNumber].filter(Boolean).join(' · ')}</p>
              {m.photo ? <UploadImage className={styles.thumb} path={m.photo} alt={t('c2cMethodPhoto')} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MethodForm({ onDone }: { onDone: () => void }) {
  const { t } = useT();
  const store = useStore();
  const [kind, setKind] = useState<PaymentMethod['kind']>('bank');
  const [fields, setFields] = useState({ holderName: '', bankName: '', bankNumber: '', accountNumber: '' });
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [failed, setFailed] = useState('');
  const add = useApiMutation(c2c.addPaymentMethod, { invalidates: ['C2C_ORDER'] });
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed('');
    let path: string | undefined;
    if (photo) {
      const uploaded = await uploadImage(photo, { store, fileName: 'payment-method.jpg' });
      if (uploaded.path === null) return setFailed(uploaded.message);
      path = uploaded.path;
    }
    const body = { kind, holderName: fields.holderName.trim(), accountNumber: fields.accountNumber.trim(), ...(kind === 'bank' ? { bankName: fields.bankName.trim(), bankNumber: fields.bankNumber.trim() } : {}), ...(path ? { photo: path } : {}) };
    if (await add.run(body)) onDone();
  };
  const ready = fields.holderName.trim() && fields.accountNumber.trim() && (kind !== 'bank' || (fields.bankName.trim() && fields.bankNumber.trim()));
  return (
    <form className={styles.card} onSubmit={(e) => void submit(e)} data-testid="c2c-method-form">
      <label className={styles.label}>
        {t('c2cMethod')}
        <select className={styles.select} value={kind} onChange={(e) => setKind(e.target.value as PaymentMethod['kind'])}>
          {C2C_PAYMENT_KINDS.map((k) => <option key={k} value={k}>{t(`c2cKind_${k}`)}</option>)}
        </select>
      </label>
      <label className={styles.label}>{t('c2cHolderName')}<input className={styles.input} value={fields.holderName} onChange={set('holderName')} maxLength={64} required data-testid="c2c-method-holder" /></label>
      {kind === 'bank' ? (
        <>
          <label className={styles.label}>{t('c2cBankName')}<input className={styles.input} value={fields.bankName} onChange={set('bankName')} maxLength={64} required data-testid="c2c-method-bank" /></label>
          <label className={styles.label}>{t('c2cBankNumber')}<input className={styles.input} value={fields.bankNumber} onChange={set('bankNumber')} maxLength={64} required data-testid="c2c-method-bank-number" /></label>
        </>
      ) : null}
      <label className={styles.label}>{t('c2cAccountNumber')}<input className={styles.input} value={fields.accountNumber} onChange={set('accountNumber')} maxLength={64} required data-testid="c2c-method-account" /></label>
      <ImagePicker label={t('c2cMethodPhoto')} onPicked={(blob) => setPhoto(blob)} disabled={add.busy} />
      {failed ? <p className={styles.error} role="alert">{failed}</p> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone}>{t('c2cCancel')}</Button>
        <Button type="submit" disabled={!ready || add.busy} data-testid="c2c-method-save">{t('c2cSave')}</Button>
      </div>
    </form>
  );
}
