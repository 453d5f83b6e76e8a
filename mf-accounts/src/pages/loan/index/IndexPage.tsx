import { Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { LoanOverview } from '../parts/LoanOverview';

/** /pages/loan/index: the loan products with their terms and the rules; what to do first when borrowing is blocked. */
export function LoanIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('loanTitle')} subtitle={t('loanDescription')}>
      <LoanOverview />
    </Page>
  );
}
