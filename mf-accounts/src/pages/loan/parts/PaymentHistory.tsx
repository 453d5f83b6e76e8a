import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PullToRefresh, formatExact, formatScreenTime, orZero } from '@meridian/shared';
import { usePayments } from '../../../api/queries';
import { LoadMore } from '../../../components/money/parts';
import { useT } from '../../../i18n';
import styles from '../loan.module.css';

/**
 * Repayments, newest first: of every loan, or of one (?loanId=). A repayment (made beside it on the desktop page,
 * or announced by the server) invalidates it.
 */
export function PaymentHistory({ table = false }: { table?: boolean }) {
  const { t } = useT();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const loanId = /^[0-9]{1,18}$/.test(search.get('loanId') ?? '') ? search.get('loanId')! : undefined;
  const payments = usePayments(loanId);

  return (
    <div className={styles.stack}>
      {loanId ? (
        <p className={styles.muted}>
          {t('loanPaymentsOf', { id: loanId })}{' '}
          <Link to={pathname}>{t('loanAllPaymentsLink')}</Link>
        </p>
      ) : null}
      <PullToRefresh
        label={t('loanPaidHistoryTitle')}
        onRefresh={payments.refresh}
        loading={payments.loading}
        error={payments.error && payments.items.length === 0}
        errorTitle={t('loanLoadFailed')}
        empty={payments.items.length === 0}
        emptyTitle={t('loanNoPayments')}
      >
        {table ? (
          <table className={styles.table} data-testid="loan-payments">
            <thead>
              <tr>
                <th scope="col">{t('loanPaidAtLabel')}</th>
                <th scope="col">{t('loanProductLabel')}</th>
                <th scope="col" className={styles.right}>
                  {t('loanPaidAmountLabel')}
                </th>
                <th scope="col" className={styles.right}>
                  {t('loanPaysPrincipalLabel')}
                </th>
                <th scope="col" className={styles.right}>
                  {t('loanPaysInterestLabel')}
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.items.map((payment) => (
                <tr key={payment.id} data-testid={`loan-payment-${payment.id}`}>
                  <td>{formatScreenTime(payment.createdAt, 'utc', { upTo: 'minute', zoneLabel: true })}</td>
                  <td>
                    {payment.productName} · {t('loanNumber', { id: payment.loanId })}
                  </td>
                  <td className={styles.right}>{`${formatExact(orZero(payment.amount))} ${payment.asset}`}</td>
                  <td className={styles.right}>{`${formatExact(orZero(payment.principal))} ${payment.asset}`}</td>
                  <td className={styles.right}>{`${formatExact(orZero(payment.interest))} ${payment.asset}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ul className={styles.cards} data-testid="loan-payments">
            {payments.items.map((payment) => (
              <li key={payment.id} className={styles.card} data-testid={`loan-payment-${payment.id}`}>
                <div className={styles.cardHead}>
                  <div>
                    <h3 className={styles.cardTitle}>{payment.productName}</h3>
                    <p className={styles.muted}>{t('loanNumber', { id: payment.loanId })}</p>
                  </div>
                  <p className={styles.big}>
                    {formatExact(orZero(payment.amount))}
                    <span className={styles.unit}>{payment.asset}</span>
                  </p>
                </div>
                <dl className={styles.facts}>
                  <dt>{t('loanPaysPrincipalLabel')}</dt>
                  <dd>{`${formatExact(orZero(payment.principal))} ${payment.asset}`}</dd>
                  <dt>{t('loanPaysInterestLabel')}</dt>
                  <dd>{`${formatExact(orZero(payment.interest))} ${payment.asset}`}</dd>
                  <dt>{t('loanPaidAtLabel')}</dt>
                  <dd>{formatScreenTime(payment.createdAt, 'utc', { upTo: 'minute', zoneLabel: true })}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
        <LoadMore visible={payments.hasMore} busy={payments.loadingMore} failed={payments.moreFailed} onMore={() => void payments.loadMore()} />
      </PullToRefresh>
    </div>
  );
}
