import { useEffect, useRef, useState, type FormEvent } from 'react';
import Decimal from 'decimal.js';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { wallet } from '@meridian/contracts';
import { ApiError, Button, Dialog, showToast, useApiMutation, useAttemptId, useReportFailure, useTypeUser, useValidationText, validate, type Rule } from '@meridian/shared';
import { amount as amountRule, normalizeAmount, withinBalance } from '@meridian/shared/money';
import {
  BASE_ASSET,
  fetchEstimate,
  RATE_MOVED_REASON,
  type Conversion,
  type Estimate,
} from '../../api/wallet';
import { useT } from '../../i18n';
import { AmountField } from './AmountField';
import { formatExact, formatPercent, formatRate, formatRecordTime } from './format';
import { SelectField } from './parts';
import { AFFECTED, useAvailable, useConvertCurrencies } from '../../api/queries';
import styles from './money.module.css';

/** Wait after the last keystroke before asking for an estimate. */
export const ESTIMATE_DEBOUNCE_MS = 400;
/** How often the shown estimate follows the market. */
export const ESTIMATE_REFRESH_MS = 5000;

const quoteKeyOf = (q: { from: string; to: string; amount: string }) => `${q.from}|${q.to}|${q.amount}`;

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
  const [from, setFrom] = useState((params.get('from') ?? '').trim().toUpperCase() || BASE_ASSET);
  const [to, setTo] = useState(() => (params.get('to') ?? '').trim().toUpperCase() || (from === 'BTC' ? BASE_ASSET : 'BTC'));
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [estimate, setEstimate] = useState<{ key: string; value: Estimate } | null>(null);
  const [estimateError, setEstimateError] = useState<{ key: string; message: string | null } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // balances, history and the records change: whatever shows them refetches. Silent: "rate has changed" is answered here
  const { busy, run } = useApiMutation(wallet.convert, { invalidates: AFFECTED.convert, call: { silent: true } });
  const attempt = useAttemptId();

  const currencies = useConvertCurrencies();
  const available = useAvailable('platform', from);
  const scale = currencies.data?.find((c) => c.asset === from)?.scale;
  const shape = amountRule(scale === undefined ? {} : { decimals: scale });
  const amountRules: Rule[] = [shape];
  if (available.data !== undefined) amountRules.push(withinBalance(available.data));
  const errors = validate({ amount }, { amount: amountRules });
  const amountError = touched ? validationText(errors.amount) : undefined;
  const sameAsset = from === to;

  // an estimate is asked for as soon as the amount is a valid number (even above the balance: the user sees
  // what it would give), never for the same currency on both sides
  const normalized = normalizeAmount(amount);
  const quoteKey = !sameAsset && normalized && !shape(amount, {}) ? quoteKeyOf({ from, to, amount: normalized }) : null;
  const paused = confirmation !== null;

  useEffect(() => {
    if (!quoteKey || paused) return;
    const [qFrom = '', qTo = '', qAmount = ''] = quoteKey.split('|');
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const value = await fetchEstimate({ from: qFrom, to: qTo, amount: qAmount });
        if (!alive) return;
        setEstimate({ key: quoteKey, value });
        setEstimateError(null);
      } catch (failure) {
        if (!alive) return;
        setEstimateError({ key: quoteKey, message: failure instanceof ApiError && failure.message ? failure.message : null });
      } finally {
        if (alive) timer = setTimeout(() => void tick(), ESTIMATE_REFRESH_MS);
      }
    };
    timer = setTimeout(() => void tick(), ESTIMATE_DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [quoteKey, paused]);

  const current = quoteKey && estimate?.key === quoteKey ? estimate.value : null;
  const currentError = quoteKey && estimateError?.key === quoteKey ? estimateError : null;

  const options = Array.from(new Set([...(currencies.data?.map((c) => c.asset) ?? []), from, to])).map((a) => ({ value: a, label: a }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.amount) {
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
      setAmount('');
      setTouched(false);
      showToast(store, t('convertDone', { amount: formatExact(result.value.toAmount), asset: result.value.toAsset }), 'success');
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
      const fresh = await fetchEstimate({ from: shown.from, to: shown.to, amount: shown.amount });
      setEstimate({ key: quoteKeyOf(fresh), value: fresh });
      setConfirmation({ estimate: fresh, rateChanged: true, retry: false });
    } catch (failure) {
      report(failure);
      setConfirmation(null);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="convert-form">
      <div className={styles.swapPair}>
        <SelectField label={t('fromLabel')} value={from} options={options} onChange={setFrom} testId="convert-from" />
        <Button
          variant="secondary"
          className={styles.swap}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
          aria-label={t('swapAssets')}
          title={t('swapAssets')}
        >
          ⇄
        </Button>
        <SelectField label={t('toLabel')} value={to} options={options} onChange={setTo} error={sameAsset ? t('sameAssetError') : null} testId="convert-to" />
      </div>
      <AmountField
        ref={amountInput}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setTouched(true);
        }}
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
              {formatExact(confirmation.estimate.amount)} {confirmation.estimate.from}
            </dd>
          </dl>
          <EstimateFacts estimate={confirmation.estimate} />
          {mode === 'demo' ? <p className={styles.notice}>{t('demoMoneyNote')}</p> : null}
        </Dialog>
      ) : null}
    </form>
  );
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
        <span className={styles.nowrap}>1 {estimate.from} ≈</span> <span className={styles.nowrap}>{`${formatRate(estimate.rate)} ${estimate.to}`}</span>
      </dd>
      <dt>{t('spreadLabel')}</dt>
      <dd data-testid="estimate-spread">{formatPercent(estimate.spread)}</dd>
      <dt>{t('receiveLabel')}</dt>
      <dd data-testid="estimate-receive">
        ≈ {formatExact(estimate.receive)} {estimate.to}
      </dd>
      <dt>{t('minReceiveLabel')}</dt>
      <dd data-testid="estimate-min-receive" title={t('minReceiveHint', { percent: formatPercent(SLIPPAGE).replace('%', '') })}>
        {formatExact(new Decimal(estimate.amount).times(worstRate(estimate)).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed())} {estimate.to}
      </dd>
      {estimate.tickTime > 0 ? (
        <>
          <dt>{t('priceTimeLabel')}</dt>
          <dd className={styles.muted}>{formatRecordTime(estimate.tickTime)}</dd>
        </>
      ) : null}
    </dl>
  );
}
