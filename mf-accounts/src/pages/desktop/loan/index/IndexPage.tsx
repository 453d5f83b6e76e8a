import { AreaIndex } from '../../../../components/AreaIndex';
import { P } from '../../../../paths';

/** /pages/desktop/loan/index */
export function DesktopLoanIndexPage() {
  return (
    <AreaIndex
      title="loanTitle"
      description="loanDescription"
      screens={[
        { href: P.desktopLoanApply, title: 'loanApplyTitle' },
        { href: P.desktopLoanListPay, title: 'loanListPayTitle' },
      ]}
      related={[
        { href: P.desktopKyc, title: 'kycTitle' },
        { href: P.desktopAssets, title: 'assetsTitle' },
      ]}
    />
  );
}
