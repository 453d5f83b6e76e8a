import { RequireLogin } from '../../../components/money/parts';
import { useLoanTerms } from '../../../api/queries';
import { useT } from '../../../i18n';
import { ApplyForm } from '../../loan/parts/ApplyForm';
import { AccessBanner, useLoanAccess } from '../../loan/parts/common';
import { PaymentHistory } from '../../loan/parts/PaymentHistory';
import { LoanRulesView } from '../../loan/parts/products';
import { RepayLoans } from '../../loan/parts/RepayLoans';
import styles from '../../loan/loan.module.css';
import { DesktopLoanLayout } from './DesktopLoanLayout';

function Apply() {
  const { t } = useT();
  const access = useLoanAccess();
  const terms = useLoanTerms();
  return (
    <div className={styles.columns}>
      <div className={styles.stack}>
        <AccessBanner access={access} />
        <ApplyForm access={access} />
      </div>
      {terms.data?.rules ? (
        <aside aria-labelledby="loan-rules-title" className={styles.stack}>
          <h2 id="loan-rules-title" className={styles.sectionTitle}>
            {t('loanRulesTitle')}
          </h2>
          <LoanRulesView rules={terms.data.rules} />
        </aside>
      ) : null}
    </div>
  );
}

/** /pages/desktop/loan/loan (?productId=): the application beside the rules. */
export function DesktopLoanApplyPage() {
  return (
    <RequireLogin>
      <DesktopLoanLayout title="loanApplyTitle">
        <Apply />
      </DesktopLoanLayout>
    </RequireLogin>
  );
}

function ListPay() {
  const { t } = useT();
  // a repayment made here invalidates the repayments below
  return (
    <>
      <RepayLoans />
      <section aria-labelledby="loan-payments-title" className={styles.stack}>
        <h2 id="loan-payments-title" className={styles.sectionTitle}>
          {t('loanPaidHistoryTitle')}
        </h2>
        <PaymentHistory table />
      </section>
    </>
  );
}

/** /pages/desktop/loan/list-pay-loan (?loanId= filters the repayments): the open loans and the repayments. */
export function DesktopLoanListPayPage() {
  return (
    <RequireLogin>
      <DesktopLoanLayout title="loanListPayTitle">
        <ListPay />
      </DesktopLoanLayout>
    </RequireLogin>
  );
}
