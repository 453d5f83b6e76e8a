import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/login/login */
export function PhoneLoginPage() {
  return (
    <AreaIndex
      title="loginPhoneTitle"
      description="loginPhoneDescription"
      related={[
        { href: P.loginEmail, title: 'loginEmailTitle' },
        { href: P.forgotPassword, title: 'forgotPasswordTitle' },
        { href: P.register, title: 'registerTitle' },
        { href: EXTERNAL.home, title: 'homeLink' },
      ]}
    />
  );
}
