import { Page } from '@meridian/shared';
import { EXTERNAL, P } from '../../../paths';
import { useT } from '../../../i18n';
import { RegisterForm } from '../components/RegisterForm';

/** /pages/register/index: sign up by phone (country and verification code are steps of this form). */
export function RegisterIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('registerPhoneTitle')} subtitle={t('registerDescription')}>
      <RegisterForm
        method="phone"
        fallback={EXTERNAL.home}
        links={[
          { href: P.registerEmail, text: 'registerEmailTitle' },
          { href: P.loginEmail, text: 'haveAccountLink' },
          { href: P.privacyPolicy, text: 'privacyPolicyTitle' },
        ]}
      />
    </Page>
  );
}
