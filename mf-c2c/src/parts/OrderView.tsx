import { useEffect, useState } from 'react';
import { useStore } from 'jotai';
import { c2c } from '@meridian/contracts';
import { Button, Dialog, ErrorState, ImagePicker, Spinner, formatScreenTime, showToast, uploadImage, useApiMutation, useAttemptId, UploadImage } from '@meridian/shared';
import { useT, type Key } from '../i18n';
import { useOrder, type Order } from './api';
import { Chat } from './Chat';
import { money, timeLeft } from './format';
import styles from './c2c.module.css';

type Action = 'paid' | 'release' | 'cancel' | 'appeal';

/**
 * One order as its party sees it: the status and the payment window's timer, what to pay and where (the seller's
 * payment methods, only here), the steps as a timeline, the chat, and the actions the role and status allow — each
 * confirmed first. The server's push (C2C_ORDER) refreshes it for both sides.
 */
export function OrderView({ id }: { id: string }) {
  const { t } = useT();
  const order = useOrder(id);
  const [now, setNow] = useState(() => Date.now());
  const [action, setAction] = useState<Action | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (order.isPending) return <Spinner label={t('c2cLoading')} />;
  if (order.isError) return <ErrorState title={t('c2cOrderLoadFailed')} onRetry={() => void order.refetch()} />;
  const o = order.data;
  const buyer = o.role === 'buyer';
  const actions: Action[] = [];
  if (o.status === 'unpaid' && buyer) actions.push('paid', 'cancel');
  if (o.status === 'paid' && !buyer) actions.push('release');
  if (o.status === 'paid') actions.push('appeal');
  return (
    <div className={styles.stack} data-testid="c2c-order">
      <section className={styles.card}>
        <div className={styles.spread}>
          <h2 className={styles.title}>{t(buyer ? 'c2cOrderBuyTitle' : 'c2cOrderSellTitle', { quantity: money(o.quantity, o.asset), id: o.id })}</h2>
          <span className={[styles.badge, o.status === 'appeal' ? styles.badgeWarn : ''].join(' ')} data-testid="c2c-order-status">{t(`c2cStatus_${o.status}`)}</span>
        </div>
        {o.status === 'unpaid' ? (
          <div>
            <p className={styles.muted}>{t(buyer ? 'c2cPayWithin' : 'c2cBuyerPaysWithin')}</p>
            <p className={styles.timer} role="timer" aria-live="off" data-testid="c2c-timer">{timeLeft(o.payDeadline, now)}</p>
          </div>
        ) : null}
        <dl className={styles.facts}>
          <dt>{t('c2cCounterpartyLabel')}</dt><dd>{o.counterparty}</dd>
          <dt>{t('c2cPrice')}</dt><dd>{money(o.price, o.fiat)}</dd>
          <dt>{t('c2cQuantity')}</dt><dd>{money(o.quantity, o.asset)}</dd>
          <dt>{t('c2cTotal')}</dt><dd><strong data-testid="c2c-order-total">{money(o.total, o.fiat)}</strong></dd>
        </dl>
        {o.terms ? <p className={styles.muted}>{`${t('c2cTerms')}: ${o.terms}`}</p> : null}
      </section>
      <PaymentDetails order={o} />
      {o.proof ? (
        <section className={styles.card} data-testid="c2c-proof">
          <h3 className={styles.title}>{t('c2cProofTitle')}</h3>
          <UploadImage className={styles.thumb} path={o.proof} alt={t('c2cProofTitle')} />
        </section>
      ) : null}
      {o.appeal ? (
        <section className={styles.banner} data-testid="c2c-appeal">
          <p><strong>{t(o.appeal.status === 'open' ? 'c2cAppealOpen' : 'c2cAppealResolved')}</strong></p>
          <p>{`${t('c2cAppealReason')}: ${o.appeal.reason}`}</p>
          {o.appeal.outcome ? <p>{t(o.appeal.outcome === 'release' ? 'c2cAppealReleased' : 'c2cAppealReturned')}{o.appeal.resolution ? ` — ${o.appeal.resolution}` : ''}</p> : null}
        </section>
      ) : null}
      {actions.length ? (
        <div className={styles.actions}>
          {actions.map((a) => (
            <Button key={a} variant={a === 'cancel' || a === 'appeal' ? 'secondary' : 'primary'} onClick={() => setAction(a)} data-testid={`c2c-action-${a}`}>{t(`c2cAction_${a}`)}</Button>
          ))}
        </div>
      ) : null}
      <section className={styles.card} aria-labelledby="c2c-timeline-title">
        <h3 id="c2c-timeline-title" className={styles.title}>{t('c2cTimeline')}</h3>
        <ol className={styles.timeline} data-testid="c2c-timeline">
          {o.timeline.map((s) => <li key={`${s.step}-${s.at}`}>{`${t(`c2cStep_${s.step}` as Key)} · ${formatScreenTime(s.at, 'utc')} UTC`}</li>)}
        </ol>
      </section>
      {o.status !== 'cancelled' || o.appeal ? <Chat orderId={o.id} /> : null}
      {action ? <ActionDialog order={o} action={action} onClose={() => setAction(null)} /> : null}
    </div>
  );
}

function PaymentDetails({ order }: { order: Order }) {
  const { t } = useT();
  return (
    <section className={styles.card} aria-labelledby="c2c-pay-title" data-testid="c2c-payment-details">
      <h3 id="c2c-pay-title" className={styles.title}>{t(order.role === 'buyer' ? 'c2cPayTo' : 'c2cYourPaymentDetails')}</h3>
      {order.paymentMethods.map((m) => (
        <dl key={m.id} className={styles.facts}>
          <dt>{t('c2cMethod')}</dt><dd>{t(`c2cKind_${m.kind}`)}</dd>
          <dt>{t('c2cHolderName')}</dt><dd>{m.holderName}</dd>
          {m.bankName ? <><dt>{t('c2cBankName')}</dt><dd>{m.bankName}</dd></> : null}
          {m.bankNumber ? <><dt>{t('c2cBankNumber')}</dt><dd>{m.bankNumber}</dd></> : null}
          <dt>{t('c2cAccountNumber')}</dt><dd>{m.accountNumber}</dd>
        </dl>
      ))}
    </section>
  );
}

/** Each step confirmed before it is sent; "paid" may carry a proof image, an appeal a reason and evidence. */
function ActionDialog({ order, action, onClose }: { order: Order; action: Action; onClose: () => void }) {
  const { t } = useT();
  const store = useStore();
  const [image, setImage] = useState<Blob | null>(null);
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState('');
  const attempt = useAttemptId();
  const paid = useApiMutation(c2c.markPaid, { invalidates: ['C2C_ORDER'] });
  const release = useApiMutation(c2c.release, { invalidates: ['C2C_ORDER'] });
  const cancel = useApiMutation(c2c.cancel, { invalidates: ['C2C_ORDER'] });
  const appeal = useApiMutation(c2c.appeal, { invalidates: ['C2C_ORDER'] });
  const busy = paid.busy || release.busy || cancel.busy || appeal.busy;
  const submit = async () => {
    setFailed('');
    let upload: string | undefined;
    if (image) {
      const result = await uploadImage(image, { store, fileName: `${action}.jpg` });
      if (result.path === null) return setFailed(result.message);
      upload = result.path;
    }
    const requestId = attempt.idFor(`${order.id}:${action}:${reason}:${upload ?? ''}`);
    const base = { orderId: order.id, requestId };
    const done =
      action === 'paid' ? await paid.run({ ...base, ...(upload ? { proof: upload } : {}) })
      : action === 'release' ? await release.run(base)
      : action === 'cancel' ? await cancel.run(base)
      : await appeal.run({ ...base, reason: reason.trim(), ...(upload ? { evidence: upload } : {}) });
    if (!done) return;
    attempt.done();
    showToast(store, t(`c2cDone_${action}`), 'success');
    onClose();
  };
  return (
    <Dialog
      title={t(`c2cAction_${action}`)}
      onDismiss={onClose}
      testId="c2c-action-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>{t('c2cBack')}</Button>
          <Button data-primary onClick={() => void submit()} disabled={busy || (action === 'appeal' && !reason.trim())} data-testid="c2c-action-confirm">{t('c2cConfirm')}</Button>
        </>
      }
    >
      <div className={styles.stack}>
        <p>{t(`c2cConfirm_${action}`, { total: money(order.total, order.fiat), quantity: money(order.quantity, order.asset) })}</p>
        {action === 'appeal' ? (
          <label className={styles.label}>
            {t('c2cAppealReason')}
            <textarea className={styles.textarea} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} data-testid="c2c-appeal-reason" />
          </label>
        ) : null}
        {action === 'paid' || action === 'appeal' ? <ImagePicker label={t(action === 'paid' ? 'c2cProofLabel' : 'c2cEvidenceLabel')} onPicked={(blob) => setImage(blob)} disabled={busy} /> : null}
        {failed ? <p className={styles.error} role="alert">{failed}</p> : null}
      </div>
    </Dialog>
  );
}
