import { useRef, useState, type FormEvent } from 'react';
import { ApiError, Button, DecimalField, Dialog, formatExact, useAttemptId, useForm, useIsLoggedIn, useTypeUser, multiplyExact, type FailureHandler } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { useSpotUsdt } from './offers-api';
import { sharesForm, type SharesSummary } from './shares-form';
import styles from './offers.module.css';

export interface SubscribeFormProps {
  /** Names the form's controls in tests and e2e ("ipo", "block"). */
  testId: string;
  symbol: string;
  currency: string;
  price: string;
  lot: number;
  min?: string;
  max?: string;
  rate: { rate: string; version: number } | null;
  /** The call, with the request id of this confirmation (kept for its retries). */
  send: (shares: string, requestId: string, onFailure: FailureHandler) => Promise<boolean>;
}

/**
 * The size of a subscription, then a receipt to confirm before any money is held: the shares (and lots), the price,
 * the rate with its version and the USDT to hold from the spot wallet. One request id per confirmed receipt.
 */
export function SubscribeForm({ testId, symbol, currency, price, lot, min, max, rate, send }: SubscribeFormProps) {
  const { t, tc } = useT();
  const loggedIn = useIsLoggedIn();
  const mode = useTypeUser();
  const available = useSpotUsdt(loggedIn);
  const form = useForm(sharesForm);
  const shareUsdt = rate ? multiplyExact(price, rate.rate) : undefined;
  const checked = form.check({ lot, min, max, shareUsdt, available: available.data });
  const [confirming, setConfirming] = useState<(SharesSummary & { retry?: boolean }) | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useAttemptId();
  const input = useRef<HTMLInputElement>(null);
  const error = checked.errors.shares ? t(checked.errors.shares, { lot: String(lot), min: min ?? '', max: max ?? '' }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
    if (!checked.valid) {
      input.current?.focus();
      return;
    }
    setConfirming(checked.summary);
  };

  const confirm = async (pending: SharesSummary) => {
    setBusy(true);
    const failed = { unknown: false };
    const ok = await send(pending.shares, attempt.idFor(pending.shares), (failure) => {
      failed.unknown = !(failure instanceof ApiError);
      return false;
    });
    setBusy(false);
    if (!ok && failed.unknown) return setConfirming({ ...pending, retry: true });
    attempt.done();
    setConfirming(null);
    if (ok) form.reset();
  };

  if (!rate) return <p className={styles.notice}>{t('offerNoRate', { currency })}</p>;
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid={`${testId}-form`}>
      <DecimalField
        ref={input}
        label={t('offerSharesLabel')}
        value={form.values.shares}
        onChange={(value) => form.set('shares', value)}
        error={error}
        hint={[lot > 1 ? t('offerLotHint', { lot: String(lot) }) : null, min && max ? t('offerRangeHint', { min, max }) : null, available.data !== undefined ? t('offerAvailable', { amount: formatExact(available.data) }) : null].filter(Boolean).join(' · ')}
        data-testid={`${testId}-shares`}
      />
      {checked.summary.cost !== null && !checked.errors.shares ? (
        <p className={styles.estimate} data-testid={`${testId}-estimate`}>
          {t('offerCostEstimate', { amount: formatExact(checked.summary.cost) })}
        </p>
      ) : null}
      <Button type="submit" disabled={busy || !loggedIn} data-testid={`${testId}-submit`}>
        {loggedIn ? t('offerSubscribe') : t('offerLoginFirst')}
      </Button>
      {confirming ? (
        <Dialog
          title={t('offerConfirmTitle')}
          testId={`${testId}-confirm`}
          onDismiss={() => (busy ? undefined : setConfirming(null))}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>
                {tc('cancel')}
              </Button>
              <Button data-primary="" onClick={() => void confirm(confirming)} disabled={busy} data-testid={`${testId}-confirm-button`}>
                {busy ? t('offerSubscribing') : t('offerConfirmButton')}
              </Button>
            </>
          }
        >
          <dl className={styles.receipt}>
            <dt>{t('offerSymbol')}</dt>
            <dd>{symbol}</dd>
            <dt>{t('offerSharesLabel')}</dt>
            <dd>{lot > 1 ? t('offerSharesInLots', { shares: formatExact(confirming.shares), lots: String(confirming.lots) }) : formatExact(confirming.shares)}</dd>
            <dt>{t('offerPrice')}</dt>
            <dd>
              {formatExact(price)} {currency}
            </dd>
            <dt>{t('offerRate')}</dt>
            <dd>{t('offerRateValue', { currency, rate: formatExact(rate.rate), version: String(rate.version) })}</dd>
            <dt>{t('offerHeld')}</dt>
            <dd data-testid={`${testId}-confirm-amount`}>{formatExact(confirming.cost ?? '0')} USDT</dd>
          </dl>
          <p className={styles.notice}>{t(testId === 'ipo' ? 'ipoHoldNote' : 'blockHoldNote')}</p>
          {confirming.retry ? <p className={styles.notice}>{t('offerRetryNote')}</p> : null}
          {mode === 'demo' ? <p className={styles.notice}>{t('offerDemoNote')}</p> : null}
        </Dialog>
      ) : null}
    </form>
  );
}
