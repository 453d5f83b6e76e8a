import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/kyc */
export function DesktopKycPage() {
  return (
    <AreaIndex
      title="kycTitle"
      description="kycDescription"
      related={[
        { href: P.desktopSettings, title: 'settingsTitle' },
        { href: P.desktopLoan, title: 'loanTitle' },
        { href: EXTERNAL.desktopMarket, title: 'quoteLink' },
      ]}
    />
  );
}
