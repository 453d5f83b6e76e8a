import { useStore } from 'jotai';
import { depositAddresses, type DataOf } from '@meridian/contracts';
import { Button, EmptyState, ErrorState, Field, Spinner, formatExact, formatScreenTime, orZero, showToast, useApiMutation, useApiQuery, useForm, useValidationText, type ValidationKey } from '@meridian/shared';
import { type Stale } from '../../../api/queries';
import { useT, type Key } from '../../../i18n';
import styles from '../../../components/money/money.module.css';
import own from './deposit.module.css';
import { reportForm } from './deposit-report-form';

type Report = DataOf<typeof depositAddresses.reports>[number];
const STATUS: Record<Report['status'], { key: Key; className: string }> = {
  pending: { key: 'depositReportPending', className: own.statusProgress! },
  confirmed: { key: 'depositReportConfirmed', className: own.statusSuccess! },
  rejected: { key: 'depositReportRejected', className: own.statusFail! },
};

/**
 * Reporting a deposit that has not arrived (userrechange/insert) on the chosen coin and network, and the user's
 * reports with what staff decided. A report credits nothing by itself: the screen says so before it is sent.
 */
export function DepositReports({ asset, chain, chainName, scale }: { asset: string; chain: string; chainName: string; scale?: number }) {
  const { t } = useT();
  const store = useStore();
  const validationText = useValidationText();
  const reports = useApiQuery(depositAddresses.reports);
  const send = useApiMutation(depositAddresses.report, { invalidates: ['DEPOSIT_ADDRESSES'] satisfies Stale[] });
  const form = useForm(reportForm);
  const { errors, valid, summary } = form.check(scale === undefined ? {} : { scale });
  const errorText = (key: ValidationKey | 'txHashInvalid' | undefined) => (key === 'txHashInvalid' ? t('txHashInvalid') : key ? validationText(key) : null);

  const submit = async () => {
    form.submit();
    if (!valid) return;
    const done = await send.run({ asset, chain, ...summary });
    if (!done) return;
    form.reset();
    showToast(store, t('depositReportSent'), 'success');
  };

  return (
    <section className={styles.stack} aria-labelledby="deposit-report-title">
      <h2 id="deposit-report-title" className={styles.sectionTitle}>{t('depositReportTitle')}</h2>
      <p className={styles.muted}>{t('depositReportIntro', { asset, chain: chainName })}</p>
      <form className={styles.form} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} data-testid="report-form">
        <Field label={t('txHashLabel')} value={form.values.txHash} onChange={(e) => form.set('txHash', e.target.value)} error={errorText(errors.txHash)} autoComplete="off" data-testid="report-tx" />
        <Field label={`${t('amountLabel')} (${asset})`} value={form.values.amount} inputMode="decimal" onChange={(e) => form.set('amount', e.target.value)} error={errorText(errors.amount)} data-testid="report-amount" />
        <Button type="submit" disabled={send.busy || !chain} data-testid="report-submit">{t('depositReportSend')}</Button>
      </form>
      <h2 className={styles.sectionTitle}>{t('depositReportsTitle')}</h2>
      {reports.isLoading ? (
        <Spinner label={t('depositLoading')} />
      ) : reports.isError ? (
        <ErrorState title={t('depositReportsFailed')} onRetry={() => void reports.refetch()} />
      ) : !reports.data?.length ? (
        <EmptyState title={t('depositReportsEmpty')} />
      ) : (
        <ul className={styles.records} data-testid="report-list">
          {reports.data.map((r) => (
            <li key={r.id} className={styles.record} data-testid="report-item">
              <div className={styles.recordHead}>
                <span className={styles.num}>{`${formatExact(orZero(r.amount))} ${r.asset} · ${r.chain}`}</span>
                <span className={`${own.status} ${STATUS[r.status].className}`} data-testid="report-status">{t(STATUS[r.status].key)}</span>
              </div>
              <span className={own.mono}>{r.txHash}</span>
              <span className={styles.muted}>{formatScreenTime(r.createdAt, 'utc', { zoneLabel: true })}</span>
              {r.status === 'rejected' && r.reason ? <p className={styles.error} role="note">{t('depositReportReason', { reason: r.reason })}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
