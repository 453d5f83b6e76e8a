import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/register */
export function DesktopRegisterPage() {
  return (
    <AreaIndex
      title="registerTitle"
      description="registerDescription"
      screens={[
        { href: P.desktopRegisterPhone, title: 'registerPhoneTitle' },
        { href: P.desktopRegisterEmail, title: 'registerEmailTitle' },
        { href: P.desktopVerifyCodePhone, title: 'verifyCodePhoneTitle' },
        { href: P.desktopVerifyCodeEmail, title: 'verifyCodeEmailTitle' },
      ]}
      related={[
        { href: P.desktopLogin, title: 'loginTitle' },
        { href: EXTERNAL.desktopMarket, title: 'quoteLink' },
      ]}
    />
  );
}
