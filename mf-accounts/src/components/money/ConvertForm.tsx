import { useRef, useState, type FormEvent } from 'react';
import Decimal from 'decimal.js';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { wallet } from '@meridian/contracts';
import { ApiError, Button, Dialog, queryOf, showToast, useApiMutation, useApiQuery, useQueryClient, useSettled, useAttemptId, useForm, useReportFailure, useTypeUser, useValidationText, formatExact, formatPercent, formatRate, formatScreenTime, orZero, percentOf } from '@meridian/shared';
import {
  BASE_ASSET,
  RATE_MOVED_REASON,
  type Conversion,
  type Estimate,
} from '../../api/wallet';
import { useT } from '../../i18n';
import { AmountField } from './AmountField';
import { SelectField } from './parts';
import { type Stale, useAvailable, useConvertCurrencies } from '../../api/queries';
import { convertForm, type ConvertValues } from './convert-form';
import styles from './money.module.css';

/** Wait after the last keystroke before asking for an estimate. */
export const ESTIMATE_DEBOUNCE_MS = 400;
/** How often the shown estimate follows the market. */
export const ESTIMATE_REFRESH_MS = 5000;

type Quote = { from: string; to: string; amount: string };
const quoteKeyOf = (q: Quote) => `${q.from}|${q.to}|${q.amount}`;
const quoteOf = (key: string): Quote => {
  const [from = '', to = '', amount = ''] = key.split('|');
  return { from, to, amount };
};
/** The input of the estimate query while it is disabled (nothing to ask yet). */
const NO_QUOTE: Quote = { from: '', to: '', amount: '' };

interface Confirmation {
  estimate: Estimate;
  /** The server refused the previous estimate because the market moved: this is the new one. */
  rateChanged: boolean;
  /** The last confirm got no answer (network): confirming again retries with the same request id. */
  retry: boolean;
}

/**
 * Converts one asset of the platform wallet into another: from/to pickers, the amount (with "Max"), then a live
 * estimate — rate, spread as a percentage, and what the user receives — asked for after typing stops and
 * refreshed every few seconds, all shown BEFORE confirming. The market moves every second, so the confirmation
 * accepts a small, stated tolerance: it sends minRate = the shown rate less SLIPPAGE and shows the minimum the
 * user receives; the server executes at the live rate, never below that. If the market moved further, the server
 * refuses, and the new estimate is shown and confirmed again.
 */
export function ConvertForm({ onDone }: { onDone: (conversion: Conversion) => void }) {
  const { t, tc } = useT();
  const store = useStore();
  const mode = useTypeUser();
  const validationText = useValidationText();
  const report = useReportFailure();
  const [params] = useSearchParams();
  const [preselected] = useState(() => preselection(params));
  const form = useForm(convertForm, preselected);
  const { from, to, amount } = form.values;
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // balances, history and the records change: whatever shows them refetches. Silent: "rate has changed" is answered here
  const { busy, run } = useApiMutation(wallet.convert, { invalidates: ['CONVERT'] satisfies Stale[], call: { silent: true } });
  const attempt = useAttemptId();

  const currencies = useConvertCurrencies();
  const available = useAvailable('platform', from);
  const checked = form.check({ scale: currencies.data?.find((c) => c.asset === from)?.scale, available: available.data });
  const shownAmount = checked.errors.amount;
  const amountError = shownAmount && shownAmount !== 'sameAssetError' ? validationText(shownAmount) : undefined;
  const sameAsset = checked.errors.to === 'sameAssetError';

  // an estimate is asked for as soon as the amount is a valid number (even above the balance: the user sees
  // what it would give), never for the same currency on both sides (the form's summary)
  const quoteKey = checked.summary ? quoteKeyOf(checked.summary) : null;
  const paused = confirmation !== null;

  // asked once typing stops, then every few seconds while shown (paused while the confirmation is open: the
  // dialog shows the estimate being confirmed); one cache entry per from/to/amount
  const settledKey = useSettled(quoteKey, ESTIMATE_DEBOUNCE_MS);
  const asked = settledKey ? quoteOf(settledKey) : NO_QUOTE;
  const estimate = useApiQuery(wallet.estimate, asked, {
    enabled: settledKey !== null && !paused,
    refetchInterval: ESTIMATE_REFRESH_MS,
    // the next refresh is the retry
    retry: false,
  });
  const current = quoteKey && settledKey === quoteKey ? (estimate.data ?? null) : null;
  const failure = quoteKey && settledKey === quoteKey && estimate.isError ? estimate.error : null;
  const currentError = failure ? { message: failure instanceof ApiError && failure.message ? failure.message : null } : null;

  const options = Array.from(new Set([...(currencies.data?.map((c) => c.asset) ?? []), from, to])).map((a) => ({ value: a, label: a }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
    if (checked.allErrors.amount) {
      amountInput.current?.focus();
      return;
    }
    if (sameAsset || !current) return;
    setConfirmation({ estimate: current, rateChanged: false, retry: false });
  };

  const confirm = async ({ estimate: shown }: Confirmation) => {
    const requestId = attempt.idFor(`${quoteKeyOf(shown)}|${shown.rate}`);
    // written by the failure handler below (an object, so the type checker does not narrow it away)
    const failed: { outcome: 'moved' | 'refused' | 'unknown' } = { outcome: 'refused' };
    const result = await run(
      { from: shown.from, to: shown.to, amount: shown.amount, minRate: worstRate(shown), requestId },
      (failure) => {
        if (failure instanceof ApiError) {
          if (failure.reason === RATE_MOVED_REASON) {
            failed.outcome = 'moved';
            return true;
          }
          return false;
        }
        failed.outcome = 'unknown';
        return false;
      },
    );
    if (result) {
      attempt.done();
      setConfirmation(null);
      form.reset((current) => ({ ...current, amount: '' }));
      showToast(store, t('convertDone', { amount: formatExact(orZero(result.value.toAmount)), asset: result.value.toAsset }), 'success');
      onDone(result.value);
      return;
    }
    if (failed.outcome === 'unknown') {
      // no answer: the conversion may or may not have happened; confirming again sends the same request id
      setConfirmation({ estimate: shown, rateChanged: false, retry: true });
      return;
    }
    attempt.done();
    if (failed.outcome === 'refused') {
      setConfirmation(null);
      return;
    }
    try {
      // into the cache: the form behind the dialog shows the new estimate too
      const fresh = await queryClient.fetchQuery({ ...queryOf(wallet.estimate, { from: shown.from, to: shown.to, amount: shown.amount }), staleTime: 0 });
      setConfirmation({ estimate: fresh, rateChanged: true, retry: false });
    } catch (failure) {
      report(failure);
      setConfirmation(null);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="convert-form">
      <div className={styles.swapPair}>
        <SelectField label={t('fromLabel')} value={from} options={options} onChange={(value) => form.set('from', value)} testId="convert-from" />
        <Button
          variant="secondary"
          className={styles.swap}
          onClick={() => form.patch({ from: to, to: from })}
          aria-label={t('swapAssets')}
          title={t('swapAssets')}
        >
          ⇄
        </Button>
        <SelectField label={t('toLabel')} value={to} options={options} onChange={(value) => form.set('to', value)} error={sameAsset ? t('sameAssetError') : null} testId="convert-to" />
      </div>
      <AmountField
        ref={amountInput}
        value={amount}
        onChange={(value) => form.set('amount', value)}
        error={amountError}
        asset={from}
        available={available}
        testId="convert-amount"
      />
      <section className={styles.estimate} aria-live="polite" aria-label={t('estimateLabel')} data-testid="convert-estimate">
        {current ? (
          <EstimateFacts estimate={current} />
        ) : currentError ? (
          <p className={styles.error}>{currentError.message ?? t('estimateFailed')}</p>
        ) : quoteKey ? (
          <p className={styles.muted}>{t('estimateUpdating')}</p>
        ) : (
          <p className={styles.muted}>{t('estimateHint')}</p>
        )}
      </section>
      <Button type="submit" className={styles.submit} disabled={busy || !current || sameAsset}>
        {t('convertSubmit')}
      </Button>
      {confirmation ? (
        <Dialog
          title={t(confirmation.rateChanged ? 'rateChangedTitle' : 'convertConfirmTitle')}
          testId="convert-confirm"
          onDismiss={() => (busy ? undefined : setConfirmation(null))}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirmation(null)} disabled={busy}>
                {tc('cancel')}
              </Button>
              <Button data-primary="" onClick={() => void confirm(confirmation)} disabled={busy}>
                {busy ? t('converting') : t('convertConfirmButton')}
              </Button>
            </>
          }
        >
          {confirmation.rateChanged ? (
            <p className={styles.notice} data-testid="rate-changed">
              {t('rateChangedBody')}
            </p>
          ) : null}
          {confirmation.retry ? <p className={styles.notice}>{t('retryNotice')}</p> : null}
          <dl className={styles.summary}>
            <dt>{t('payLabel')}</dt>
            <dd>
              {formatExact(orZero(confirmation.estimate.amount))} {confirmation.estimate.from}
            </dd>
          </dl>
          <EstimateFacts estimate={confirmation.estimate} />
          {mode === 'demo' ? <p className={styles.notice}>{t('demoMoneyNote')}</p> : null}
        </Dialog>
      ) : null}
    </form>
  );
}

/** ?from=&to= preselect; the target defaults to BTC, or the base asset when converting from BTC. */
function preselection(params: URLSearchParams): Partial<ConvertValues> {
  const from = (params.get('from') ?? '').trim().toUpperCase() || BASE_ASSET;
  return { from, to: (params.get('to') ?? '').trim().toUpperCase() || (from === 'BTC' ? BASE_ASSET : 'BTC') };
}

/** How far below the shown rate a conversion may still execute (0.5 %), stated on screen as the minimum received. */
export const SLIPPAGE = '0.005';

/** The lowest rate the confirmation accepts: the shown rate less SLIPPAGE. */
export function worstRate(estimate: Pick<Estimate, 'rate'>): string {
  return new Decimal(estimate.rate).times(new Decimal(1).minus(SLIPPAGE)).toDecimalPlaces(12, Decimal.ROUND_DOWN).toFixed();
}

/** Rate, spread (as a percentage), what is received and at least, with the time of the prices used. */
function EstimateFacts({ estimate }: { estimate: Estimate }) {
  const { t } = useT();
  return (
    <dl className={styles.summary}>
      <dt>{t('rateLabel')}</dt>
      {/* two unbreakable halves: the rate wraps (if at all) between them, never inside a number (it ran over three lines) */}
      <dd data-testid="estimate-rate">
        <span className={styles.nowrap}>1 {estimate.from} ≈</span> <span className={styles.nowrap}>{`${formatRate(orZero(estimate.rate))} ${estimate.to}`}</span>
      </dd>
      <dt>{t('spreadLabel')}</dt>
      <dd data-testid="estimate-spread">{formatPercent(percentOf(orZero(estimate.spread)), { rounding: 'up' })}</dd>
      <dt>{t('receiveLabel')}</dt>
      <dd data-testid="estimate-receive">
        ≈ {formatExact(orZero(estimate.receive))} {estimate.to}
      </dd>
      <dt>{t('minReceiveLabel')}</dt>
      <dd data-testid="estimate-min-receive" title={t('minReceiveHint', { percent: formatPercent(percentOf(orZero(SLIPPAGE)), { rounding: 'up' }).replace('%', '') })}>
        {formatExact(orZero(new Decimal(estimate.amount).times(worstRate(estimate)).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()))} {estimate.to}
      </dd>
      {estimate.tickTime > 0 ? (
        <>
          <dt>{t('priceTimeLabel')}</dt>
          <dd className={styles.muted}>{formatScreenTime(estimate.tickTime, 'utc', { zoneLabel: true })}</dd>
        </>
      ) : null}
    </dl>
  );
}
