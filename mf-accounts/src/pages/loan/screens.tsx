import type { ReactNode } from 'react';
import { Page } from '@meridian/shared';
import { RequireLogin } from '../../components/money/parts';
import { useT, type Key } from '../../i18n';
import { ApplyForm } from './parts/ApplyForm';
import { AccessBanner, LoanNav, useLoanAccess } from './parts/common';
import { LoanHistory } from './parts/LoanHistory';
import { PaymentHistory } from './parts/PaymentHistory';
import { RepayLoans } from './parts/RepayLoans';
import styles from './loan.module.css';

/** A loan screen of a logged-in user: its title, the loan screens to move between, and the part. */
function LoanScreen({ title, children }: { title: Key; children: ReactNode }) {
  const { t } = useT();
  return (
    <RequireLogin>
      <Page title={t(title)}>
        <div className={styles.stack}>
          <LoanNav />
          {children}
        </div>
      </Page>
    </RequireLogin>
  );
}

function Apply() {
  const access = useLoanAccess();
  return (
    <>
      <AccessBanner access={access} />
      <ApplyForm access={access} />
    </>
  );
}

/** /pages/loan/components/loan (?productId=) */
export function LoanApplyPage() {
  return (
    <LoanScreen title="loanApplyTitle">
      <Apply />
    </LoanScreen>
  );
}

/** /pages/loan/components/history-loan (?status=) */
export function LoanHistoryPage() {
  return (
    <LoanScreen title="loanHistoryTitle">
      <LoanHistory />
    </LoanScreen>
  );
}

/** /pages/loan/components/list-pay-loan */
export function LoanListPayPage() {
  return (
    <LoanScreen title="loanListPayTitle">
      <RepayLoans />
    </LoanScreen>
  );
}

/** /pages/loan/components/paid-history (?loanId=) */
export function LoanPaidHistoryPage() {
  return (
    <LoanScreen title="loanPaidHistoryTitle">
      <PaymentHistory />
    </LoanScreen>
  );
}
