import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'jotai';
import Decimal from 'decimal.js';
import { loans as loanCalls } from '@meridian/contracts';
import { ApiError, Button, DecimalField, Dialog, newRequestId, PullToRefresh, showToast, useValidationText, useApiMutation, useForm, formatBalance, formatExact, formatScreenTime, orZero } from '@meridian/shared';
import {
  estimateRepayment,
  type Loan,
  type RepayAllEstimate,
  type RepayEstimate,
} from '../../../api/loan';
import { LoadMore } from '../../../components/money/parts';
import { type Stale, useLoans, useRepayAllEstimate } from '../../../api/queries';
import { useT } from '../../../i18n';
import { StatusBadge } from './common';
import { useDays } from './products';
import { repayForm } from './repay-form';
import styles from '../loan.module.css';

/**
 * The loans still owing, each with what settles it now and a repayment (an amount, its estimate first, then a
 * confirmation), and "repay all" from estimate-paid-loans, refused up front with the reason when the platform
 * wallet does not cover the total. A repayment invalidates the loans, the repayments and the balances.
 */
export function RepayLoans() {
  const { t } = useT();
  const loans = useLoans('open');
  const all = useRepayAllEstimate();
  const [repaying, setRepaying] = useState<Loan | null>(null);
  const [payingAll, setPayingAll] = useState(false);

  const { refresh: refreshLoans } = loans;
  const { refetch: refetchAll } = all;
  const refresh = useCallback(async () => {
    await Promise.all([refreshLoans(), refetchAll()]);
  }, [refreshLoans, refetchAll]);
  const done = () => {
    setRepaying(null);
    setPayingAll(false);
  };

  return (
    <div className={styles.stack}>
      {all.data && all.data.count > 0 ? <RepayAllCard estimate={all.data} onRepayAll={() => setPayingAll(true)} /> : null}
      <PullToRefresh
        label={t('loanOpenLoansLabel')}
        onRefresh={refresh}
        loading={loans.loading}
        error={loans.error && loans.items.length === 0}
        errorTitle={t('loanLoadFailed')}
        empty={loans.items.length === 0}
        emptyTitle={t('loanNothingToRepay')}
      >
        <ul className={styles.cards} data-testid="loan-open-list">
          {loans.items.map((loan) => (
            <OpenLoanCard key={loan.id} loan={loan} onRepay={() => setRepaying(loan)} />
          ))}
        </ul>
        <LoadMore visible={loans.hasMore} busy={loans.loadingMore} failed={loans.moreFailed} onMore={() => void loans.loadMore()} />
      </PullToRefresh>
      {repaying ? <RepayDialog loan={repaying} onClose={() => setRepaying(null)} onDone={done} /> : null}
      {payingAll && all.data ? <RepayAllDialog estimate={all.data} onClose={() => setPayingAll(false)} onDone={done} /> : null}
    </div>
  );
}

function RepayAllCard({ estimate, onRepayAll }: { estimate: RepayAllEstimate; onRepayAll: () => void }) {
  const { t } = useT();
  const asset = estimate.asset || 'USDT';
  return (
    <section className={styles.card} aria-labelledby="loan-repay-all-title" data-testid="loan-repay-all">
      <h2 id="loan-repay-all-title" className={styles.cardTitle}>
        {t('loanRepayAllTitle')}
      </h2>
      <p className={styles.big}>
        {formatExact(orZero(estimate.amountToPay))}
        <span className={styles.unit}>{asset}</span>
      </p>
      <dl className={styles.facts}>
        <dt>{t('loanOpenCountLabel')}</dt>
        <dd>{estimate.count}</dd>
        <dt>{t('loanPrincipalDueLabel')}</dt>
        <dd>{`${formatExact(orZero(estimate.principalDue))} ${asset}`}</dd>
        <dt>{t('loanInterestDueLabel')}</dt>
        <dd>{`${formatExact(orZero(estimate.interestDue))} ${asset}`}</dd>
        <dt>{t('loanAvailableLabel')}</dt>
        <dd>{`${formatBalance(orZero(estimate.available), asset)} ${asset}`}</dd>
      </dl>
      <Button onClick={onRepayAll} disabled={!estimate.enough} aria-describedby={estimate.enough ? undefined : 'loan-repay-all-short'}>
        {t('loanRepayAllButton')}
      </Button>
      {!estimate.enough ? (
        <p id="loan-repay-all-short" className={styles.error} data-testid="loan-repay-all-short">
          {t('loanRepayAllShort', { available: `${formatBalance(orZero(estimate.available), asset)} ${asset}`, total: `${formatExact(orZero(estimate.amountToPay))} ${asset}` })}
        </p>
      ) : null}
    </section>
  );
}

function OpenLoanCard({ loan, onRepay }: { loan: Loan; onRepay: () => void }) {
  const { t } = useT();
  const days = useDays();
  const amount = (value: string) => `${formatExact(orZero(value))} ${loan.asset}`;
  return (
    <li className={styles.card} data-testid={`open-loan-${loan.id}`}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.cardTitle}>{loan.productName}</h3>
          <p className={styles.muted}>{t('loanNumber', { id: loan.id })}</p>
        </div>
        <StatusBadge status={loan.status} fallback={loan.statusText} />
      </div>
      <p className={styles.muted}>{t('loanAmountToPayLabel')}</p>
      <p className={styles.big} data-testid="loan-amount-to-pay">
        {formatExact(orZero(loan.amountToPay))}
        <span className={styles.unit}>{loan.asset}</span>
      </p>
      {loan.overdue ? <span className={styles.overdue}>{t('loanOverdue')}</span> : null}
      <dl className={styles.facts}>
        <dt>{t('loanAmountLabel')}</dt>
        <dd>{amount(loan.amount)}</dd>
        <dt>{t('loanPrincipalDueLabel')}</dt>
        <dd>{amount(loan.principalDue)}</dd>
        <dt>{t('loanInterestDueLabel')}</dt>
        <dd>{amount(loan.interestDue)}</dd>
        <dt>{t('loanDaysChargedLabel')}</dt>
        <dd>{days(loan.days)}</dd>
        {loan.dueAt ? (
          <>
            <dt>{t('loanDueLabel')}</dt>
            <dd>{formatScreenTime(loan.dueAt, 'utc', { upTo: 'day' })}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.cardActions}>
        <Button onClick={onRepay}>{t('loanRepayButton')}</Button>
      </div>
    </li>
  );
}

/** The message of a refused (silent) request, or the generic one. */
function useRefusalText() {
  const { t } = useT();
  return (failure: unknown): string => (failure instanceof ApiError && failure.message ? failure.message : t('requestFailed'));
}

/** One loan's repayment: the amount, then the server's estimate of how it is split, then the confirmation. */
function RepayDialog({ loan, onClose, onDone }: { loan: Loan; onClose: () => void; onDone: () => void }) {
  const { t } = useT();
  const vt = useValidationText();
  const store = useStore();
  const refusal = useRefusalText();
  // the loans, the repayments, the estimates and the balances change: the LOAN group, as its push
  const { busy, run } = useApiMutation(loanCalls.payOne, { invalidates: ['LOAN'] satisfies Stale[] });
  const form = useForm(repayForm, { amount: loan.amountToPay });
  const { amount } = form.values;
  const [estimate, setEstimate] = useState<{ for: string; value: RepayEstimate } | null>(null);
  const [estimating, setEstimating] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const attempt = useRef<{ key: string; requestId: string } | null>(null);

  const checked = form.check({ owed: loan.amountToPay });
  const problem = checked.allErrors.amount;
  const error = problem === undefined ? undefined : problem === 'loanAboveOwed' ? t('loanAboveOwed', { owed: formatExact(orZero(loan.amountToPay)), asset: loan.asset }) : vt(problem);
  const value = checked.summary.amount;
  const current = estimate && estimate.for === value && !error ? estimate.value : null;
  const short = current ? new Decimal(current.amount).gt(current.available || 0) : false;

  // a new amount needs a new estimate before it can be paid
  const change = (next: string) => {
    form.set('amount', next);
    setEstimate(null);
    setRefused(null);
  };

  const getEstimate = async (event?: FormEvent) => {
    event?.preventDefault();
    if (error || estimating) return;
    setEstimating(true);
    setRefused(null);
    try {
      setEstimate({ for: value, value: await estimateRepayment(loan.id, value) });
    } catch (failure) {
      setRefused(refusal(failure));
    } finally {
      setEstimating(false);
    }
  };

  const confirm = async () => {
    if (!current || short) return;
    const key = `${loan.id}|${current.amount}`;
    if (attempt.current?.key !== key) attempt.current = { key, requestId: newRequestId() };
    const requestId = attempt.current.requestId;
    const result = await run({ loanId: loan.id, amount: current.amount, requestId });
    if (!result) return;
    showToast(store, t(result.value.loan?.status === 'settled' ? 'loanSettledToast' : 'loanRepaidToast'), 'success');
    onDone();
  };

  const amountOf = (v: string) => `${formatExact(orZero(v))} ${loan.asset}`;
  return (
    <Dialog
      title={t('loanRepayTitle', { name: loan.productName })}
      onDismiss={busy ? undefined : onClose}
      testId="loan-repay-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancelButton')}
          </Button>
          {current ? (
            <Button data-primary onClick={() => void confirm()} disabled={busy || short} aria-busy={busy || undefined}>
              {busy ? t('loanRepaying') : t('loanConfirmRepay')}
            </Button>
          ) : (
            <Button data-primary onClick={() => void getEstimate()} disabled={Boolean(error) || estimating}>
              {estimating ? t('loanEstimating') : t('loanEstimateButton')}
            </Button>
          )}
        </>
      }
    >
      <form className={styles.dialogBody} noValidate onSubmit={(e) => void getEstimate(e)}>
        <p className={styles.muted}>{t('loanOwedNow', { amount: amountOf(loan.amountToPay) })}</p>
        <DecimalField
          label={t('loanRepayAmountLabel', { asset: loan.asset })}
          name="repayAmount"
          value={amount}
          onChange={change}
          error={error}
          disabled={busy}
          trailing={
            <button type="button" className={styles.chip} onClick={() => change(loan.amountToPay)} disabled={busy}>
              {t('loanRepayEverything')}
            </button>
          }
        />
        {refused ? (
          <p className={styles.error} role="alert">
            {refused}
          </p>
        ) : null}
        {current ? (
          <div className={styles.summary} data-testid="loan-repay-estimate">
            <h3>{t('loanEstimateTitle')}</h3>
            <dl className={styles.facts}>
              <dt>{t('loanRepayAmountShort')}</dt>
              <dd>{amountOf(current.amount)}</dd>
              <dt>{t('loanPaysInterestLabel')}</dt>
              <dd>{amountOf(current.interest)}</dd>
              <dt>{t('loanPaysPrincipalLabel')}</dt>
              <dd>{amountOf(current.principal)}</dd>
              <dt>{t('loanLeftAfterLabel')}</dt>
              <dd>{amountOf(new Decimal(current.principalDueAfter).plus(current.interestDueAfter).toFixed())}</dd>
              <dt>{t('loanAvailableLabel')}</dt>
              <dd>{`${formatBalance(orZero(current.available), loan.asset)} ${loan.asset}`}</dd>
            </dl>
            {current.settles ? <p className={styles.muted}>{t('loanSettlesNote')}</p> : null}
            {short ? (
              <p className={styles.error} role="alert">
                {t('loanNotEnough', { available: `${formatBalance(orZero(current.available), loan.asset)} ${loan.asset}` })}
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}

/** Repay every open loan at once, as estimate-paid-loans counted it. */
function RepayAllDialog({ estimate, onClose, onDone }: { estimate: RepayAllEstimate; onClose: () => void; onDone: () => void }) {
  const { t } = useT();
  const store = useStore();
  const { busy, run } = useApiMutation(loanCalls.payAll, { invalidates: ['LOAN'] satisfies Stale[] });
  // one request id for this confirmation and its retries
  const requestId = useRef(newRequestId());
  const asset = estimate.asset || 'USDT';
  const confirm = async () => {
    const result = await run({ requestId: requestId.current });
    if (!result) return;
    showToast(store, t('loanRepaidAllToast', { total: `${formatExact(orZero(result.value.total))} ${result.value.asset || asset}` }), 'success');
    onDone();
  };
  return (
    <Dialog
      title={t('loanRepayAllTitle')}
      onDismiss={busy ? undefined : onClose}
      testId="loan-repay-all-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancelButton')}
          </Button>
          <Button data-primary onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('loanRepaying') : t('loanConfirmRepayAll')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <dl className={styles.facts}>
          <dt>{t('loanOpenCountLabel')}</dt>
          <dd>{estimate.count}</dd>
          <dt>{t('loanPrincipalDueLabel')}</dt>
          <dd>{`${formatExact(orZero(estimate.principalDue))} ${asset}`}</dd>
          <dt>{t('loanInterestDueLabel')}</dt>
          <dd>{`${formatExact(orZero(estimate.interestDue))} ${asset}`}</dd>
          <dt>{t('loanAmountToPayLabel')}</dt>
          <dd>
            <strong>{`${formatExact(orZero(estimate.amountToPay))} ${asset}`}</strong>
          </dd>
          <dt>{t('loanAvailableLabel')}</dt>
          <dd>{`${formatBalance(orZero(estimate.available), asset)} ${asset}`}</dd>
        </dl>
        <p className={styles.muted}>{t('loanRepayAllNote')}</p>
      </div>
    </Dialog>
  );
}
