import { useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { LoanHistory } from '../../../loan/parts/LoanHistory';
import { LoanOverview } from '../../../loan/parts/LoanOverview';
import styles from '../../../loan/loan.module.css';
import { DesktopLoanLayout } from '../DesktopLoanLayout';

/** /pages/desktop/loan/index: the products and rules, and a user's loans with their status tabs. */
export function DesktopLoanIndexPage() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  return (
    <DesktopLoanLayout title="loanTitle" description="loanDescription">
      {loggedIn ? (
        <section aria-labelledby="loan-mine-title" className={styles.stack}>
          <h2 id="loan-mine-title" className={styles.sectionTitle}>
            {t('loanMyLoansLink')}
          </h2>
          <LoanHistory />
        </section>
      ) : null}
      <LoanOverview desktop />
    </DesktopLoanLayout>
  );
}
