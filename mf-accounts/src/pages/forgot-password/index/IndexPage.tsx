import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/forgot-password/index */
export function ForgotPasswordIndexPage() {
  return (
    <AreaIndex
      title="forgotPasswordTitle"
      description="forgotPasswordDescription"
      screens={[
        { href: P.findPwdPhone, title: 'phoneFindTitle' },
        { href: P.findPwdEmail, title: 'emailFindTitle' },
      ]}
      related={[
        { href: P.loginEmail, title: 'loginTitle' },
        { href: P.register, title: 'registerTitle' },
      ]}
    />
  );
}
