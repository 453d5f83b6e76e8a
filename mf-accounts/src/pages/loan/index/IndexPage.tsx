import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/loan/index */
export function LoanIndexPage() {
  return (
    <AreaIndex
      title="loanTitle"
      description="loanDescription"
      screens={[
        { href: P.loanApply, title: 'loanApplyTitle' },
        { href: P.loanHistory, title: 'loanHistoryTitle' },
        { href: P.loanListPay, title: 'loanListPayTitle' },
        { href: P.loanPaidHistory, title: 'loanPaidHistoryTitle' },
      ]}
      related={[
        { href: P.kyc, title: 'kycTitle' },
        { href: P.wallet, title: 'walletTitle' },
      ]}
    />
  );
}
