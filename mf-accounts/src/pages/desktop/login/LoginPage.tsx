import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/login */
export function DesktopLoginPage() {
  return (
    <AreaIndex
      title="loginTitle"
      description="loginEmailDescription"
      screens={[
        { href: P.desktopLoginEmail, title: 'loginEmailTitle' },
        { href: P.desktopLoginPhone, title: 'loginPhoneTitle' },
        { href: P.desktopSelectCountry, title: 'selectCountryTitle' },
      ]}
      related={[
        { href: P.desktopRegister, title: 'registerTitle' },
        { href: P.desktopForgotPassword, title: 'forgotPasswordTitle' },
        { href: EXTERNAL.desktopMarket, title: 'quoteLink' },
      ]}
    />
  );
}
