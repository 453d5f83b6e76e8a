import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/register/index */
export function RegisterIndexPage() {
  return (
    <AreaIndex
      title="registerTitle"
      description="registerDescription"
      screens={[
        { href: P.registerVerifyCode, title: 'verifyCodeTitle' },
        { href: P.registerSelectCountry, title: 'selectCountryTitle' },
        { href: P.registerEmail, title: 'registerEmailTitle' },
        { href: P.registerEmailVerifyCode, title: 'verifyCodeEmailTitle' },
      ]}
      related={[
        { href: P.loginEmail, title: 'loginTitle' },
        { href: P.privacyPolicy, title: 'privacyPolicyTitle' },
      ]}
    />
  );
}
