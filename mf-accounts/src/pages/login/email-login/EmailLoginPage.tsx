import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/login/email-login */
export function EmailLoginPage() {
  return (
    <AreaIndex
      title="loginEmailTitle"
      description="loginEmailDescription"
      related={[
        { href: P.loginPhone, title: 'loginPhoneTitle' },
        { href: P.forgotPassword, title: 'forgotPasswordTitle' },
        { href: P.register, title: 'registerTitle' },
        { href: EXTERNAL.home, title: 'homeLink' },
      ]}
    />
  );
}
