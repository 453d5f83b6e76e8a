import { Link, useSearchParams } from 'react-router-dom';
import Decimal from 'decimal.js';
import { PullToRefresh, formatExact, formatPercentNumber, formatScreenTime, orZero, percentOf } from '@meridian/shared';
import { LOAN_STATUSES, type Loan, type LoanFilter, type LoanStatus } from '../../../api/loan';
import { LoadMore } from '../../../components/money/parts';
import { useLoans } from '../../../api/queries';
import { useT, type Key } from '../../../i18n';
import { STATUS_KEYS, StatusBadge, useLoanPaths } from './common';
import { useDays } from './products';
import styles from '../loan.module.css';

/** The history's tabs: every loan, then one status each (the spec's status texts). */
const TABS: Array<[filter: LoanFilter, title: Key]> = [['', 'loanFilterAll'], ...LOAN_STATUSES.map((status): [LoanFilter, Key] => [status, STATUS_KEYS[status]])];
const isFilter = (value: string | null): value is LoanStatus => (LOAN_STATUSES as readonly string[]).includes(value ?? '');
const OPEN: readonly string[] = ['approved', 'partial'];

/** My loans, filtered by status with tabs (the filter is in the address, so back and reload keep it). */
export function LoanHistory() {
  const { t } = useT();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const filter: LoanFilter = isFilter(raw) ? raw : '';
  const loans = useLoans(filter);

  const choose = (next: LoanFilter) => {
    const params = new URLSearchParams(search);
    if (next) params.set('status', next);
    else params.delete('status');
    setSearch(params, { replace: true });
  };

  return (
    <div className={styles.stack}>
      <div className={styles.tabs} role="tablist" aria-label={t('loanFilterLabel')}>
        {TABS.map(([value, title]) => (
          <button
            key={value || 'all'}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={filter === value}
            onClick={() => choose(value)}
            data-testid={`loan-tab-${value || 'all'}`}
          >
            {t(title)}
          </button>
        ))}
      </div>
      <PullToRefresh
        label={t('loanMyLoansLink')}
        onRefresh={loans.refresh}
        loading={loans.loading}
        error={loans.error && loans.items.length === 0}
        errorTitle={t('loanLoadFailed')}
        empty={loans.items.length === 0}
        emptyTitle={t(filter ? 'loanNoLoansHere' : 'loanNoLoans')}
      >
        <ul className={styles.cards} data-testid="loan-history">
          {loans.items.map((loan) => (
            <LoanCard key={loan.id} loan={loan} />
          ))}
        </ul>
        <LoadMore visible={loans.hasMore} busy={loans.loadingMore} failed={loans.moreFailed} onMore={() => void loans.loadMore()} />
      </PullToRefresh>
    </div>
  );
}

function LoanCard({ loan }: { loan: Loan }) {
  const { t } = useT();
  const paths = useLoanPaths();
  const days = useDays();
  const open = OPEN.includes(loan.status);
  const repaid = new Decimal(loan.principalPaid || 0).plus(loan.interestPaid || 0).gt(0);
  const amount = (value: string) => `${formatExact(orZero(value))} ${loan.asset}`;
  return (
    <li className={styles.card} data-testid={`loan-${loan.id}`} data-status={loan.status}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.cardTitle}>{loan.productName}</h3>
          <p className={styles.muted}>{t('loanNumber', { id: loan.id })}</p>
        </div>
        <StatusBadge status={loan.status} fallback={loan.statusText} />
      </div>
      {loan.overdue ? (
        <span className={styles.overdue} data-testid="loan-overdue">
          {t('loanOverdue')}
        </span>
      ) : null}
      <dl className={styles.facts}>
        <dt>{t('loanAmountLabel')}</dt>
        <dd>{amount(loan.amount)}</dd>
        <dt>{t('loanTermLabel')}</dt>
        <dd>
          {days(loan.termDays)} · {t('loanRateValue', { rate: formatPercentNumber(percentOf(orZero(loan.dailyRate)), { decimals: 'all', minDecimals: 0 }) })}
        </dd>
        <dt>{t('loanAppliedLabel')}</dt>
        <dd>{formatScreenTime(loan.appliedAt, 'utc', { upTo: 'minute', zoneLabel: true })}</dd>
        {loan.status === 'pending' ? (
          <>
            <dt>{t('loanTermInterestLabel')}</dt>
            <dd>{amount(loan.termInterest)}</dd>
          </>
        ) : null}
        {loan.approvedAt ? (
          <>
            <dt>{t('loanApprovedLabel')}</dt>
            <dd>{formatScreenTime(loan.approvedAt, 'utc', { upTo: 'minute', zoneLabel: true })}</dd>
          </>
        ) : null}
        {loan.dueAt ? (
          <>
            <dt>{t('loanDueLabel')}</dt>
            <dd>{formatScreenTime(loan.dueAt, 'utc', { upTo: 'day' })}</dd>
          </>
        ) : null}
        {open ? (
          <>
            <dt>{t('loanPrincipalDueLabel')}</dt>
            <dd>{amount(loan.principalDue)}</dd>
            <dt>{t('loanInterestDueLabel')}</dt>
            <dd>{amount(loan.interestDue)}</dd>
            <dt>{t('loanAmountToPayLabel')}</dt>
            <dd data-testid="loan-amount-to-pay">
              <strong>{amount(loan.amountToPay)}</strong>
            </dd>
          </>
        ) : null}
        {repaid ? (
          <>
            <dt>{t('loanPrincipalPaidLabel')}</dt>
            <dd>{amount(loan.principalPaid)}</dd>
            <dt>{t('loanInterestPaidLabel')}</dt>
            <dd>{amount(loan.interestPaid)}</dd>
          </>
        ) : null}
        {loan.rejectedAt ? (
          <>
            <dt>{t('loanRejectedLabel')}</dt>
            <dd>{formatScreenTime(loan.rejectedAt, 'utc', { upTo: 'minute', zoneLabel: true })}</dd>
          </>
        ) : null}
        {loan.settledAt ? (
          <>
            <dt>{t('loanSettledLabel')}</dt>
            <dd>{formatScreenTime(loan.settledAt, 'utc', { upTo: 'minute', zoneLabel: true })}</dd>
          </>
        ) : null}
      </dl>
      {loan.status === 'rejected' ? (
        <p className={styles.reason} data-testid="loan-reason">
          {t('loanReason', { reason: loan.reason || t('loanNoReason') })}
        </p>
      ) : null}
      {open || repaid ? (
        <div className={styles.cardActions}>
          {open ? (
            <Link className={styles.button} to={paths.listPay}>
              {t('loanRepayButton')}
            </Link>
          ) : null}
          {repaid ? (
            <Link className={`${styles.button} ${styles.buttonSecondary}`} to={`${paths.paidHistory}?loanId=${encodeURIComponent(loan.id)}`}>
              {t('loanPaymentsLink')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
