import { useRef, useState, type FormEvent } from 'react';
import { tokenOffers } from '@meridian/contracts';
import { Button, DecimalField, Dialog, Field, formatExact, formatScreenTime, orZero, useApiMutation, useAttemptId, useQueryClient, useTypeUser } from '@meridian/shared';
import { useT } from '../../../i18n';
import { costOf, quantityProblem } from './subscribe-rules';
import type { Entry, Offer } from './queries';
import styles from '../ico.module.css';

/**
 * Subscribing in two steps: the request (quantity, and the 4-digit code of an allotment) with the receipt of what
 * will be held, then a confirmation before any money moves. One request id per confirmed request, kept for its
 * retries, so a lost answer never subscribes twice. Refusals (window closed, wallet short, wrong code…) are told by
 * the server's catalogue text.
 */
export function SubscribeDialog({ offer, onClose, onDone }: { offer: Offer; onClose: () => void; onDone: (entry: Entry) => void }) {
  const { t, tc } = useT();
  const mode = useTypeUser();
  const client = useQueryClient();
  const [quantity, setQuantity] = useState(offer.minQuantity);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ipo = useApiMutation(tokenOffers.subscribe);
  const coded = useApiMutation(tokenOffers.buy);
  const busy = ipo.busy || coded.busy;
  const attempt = useAttemptId();
  const problem = quantityProblem(offer, quantity);
  const codeProblem = offer.codeRequired && !/^[0-9]{4}$/.test(code) ? 'icoCodeInvalid' : null;
  const date = (at: string) => formatScreenTime(at, 'utc', { upTo: 'minute', zoneLabel: true });

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || codeProblem) {
      input.current?.focus();
      return;
    }
    setConfirming(true);
  };

  const confirm = async () => {
    const requestId = attempt.idFor(`${offer.id}|${quantity}|${code}`);
    const result = offer.codeRequired
      ? await coded.run({ id: offer.id, quantity: quantity.trim(), code, requestId })
      : await ipo.run({ id: offer.id, quantity: quantity.trim(), requestId });
    setConfirming(false);
    if (!result) return;
    attempt.done();
    // every list and the wallet show this subscription now
    void client.invalidateQueries();
    onDone(result.value);
  };

  const receipt = (
    <dl className={styles.facts} data-testid="ico-receipt">
      <dt>{t('icoToken')}</dt>
      <dd>{`${offer.name} (${offer.token})`}</dd>
      <dt>{t('icoQuantity')}</dt>
      <dd>{problem ? '—' : `${formatExact(orZero(quantity.trim()))} ${offer.token}`}</dd>
      <dt>{t('icoPrice')}</dt>
      <dd>{formatExact(orZero(offer.price))} USDT</dd>
      <dt>{t('icoHeld')}</dt>
      <dd data-testid="ico-receipt-amount">{problem ? '—' : `${formatExact(orZero(costOf(offer, quantity.trim())))} USDT`}</dd>
      <dt>{t('icoFromWallet')}</dt>
      <dd>{t('icoSpotWallet')}</dd>
      <dt>{t('icoDrawAt')}</dt>
      <dd>{date(offer.drawAt)}</dd>
      <dt>{t('icoListAt')}</dt>
      <dd>{date(offer.listAt)}</dd>
    </dl>
  );

  if (confirming) {
    return (
      <Dialog
        title={t('icoConfirmTitle')}
        testId="ico-confirm"
        onDismiss={() => (busy ? undefined : setConfirming(false))}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {tc('cancel')}
            </Button>
            <Button data-primary="" onClick={() => void confirm()} disabled={busy} data-testid="ico-confirm-button">
              {busy ? t('icoSubscribing') : t('icoConfirmButton')}
            </Button>
          </>
        }
      >
        {receipt}
        <p className={styles.notice}>{t('icoConfirmNote')}</p>
        {mode === 'demo' ? <p className={styles.notice}>{t('icoDemoNote')}</p> : null}
      </Dialog>
    );
  }

  return (
    <Dialog
      title={t('icoSubscribeTitle', { token: offer.token })}
      testId="ico-subscribe"
      onDismiss={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form={`ico-form-${offer.id}`} data-primary="" data-testid="ico-review">
            {t('icoReview')}
          </Button>
        </>
      }
    >
      <form id={`ico-form-${offer.id}`} className={styles.form} onSubmit={review} noValidate>
        <DecimalField
          ref={input}
          label={t('icoQuantityLabel', { token: offer.token })}
          value={quantity}
          onChange={setQuantity}
          onBlur={() => setTouched(true)}
          error={touched && problem ? t(problem, { min: offer.minQuantity, max: offer.maxQuantity, lot: offer.lot, token: offer.token }) : null}
          hint={t('icoQuantityHint', { min: offer.minQuantity, max: offer.maxQuantity, lot: offer.lot, token: offer.token })}
          data-testid="ico-quantity"
        />
        {offer.codeRequired ? (
          <Field
            label={t('icoCodeLabel')}
            value={code}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            onChange={(event) => setCode(event.target.value.replace(/[^0-9]/g, ''))}
            error={touched && codeProblem ? t(codeProblem) : null}
            hint={t('icoCodeHint')}
            data-testid="ico-code"
          />
        ) : null}
        {receipt}
      </form>
    </Dialog>
  );
}
