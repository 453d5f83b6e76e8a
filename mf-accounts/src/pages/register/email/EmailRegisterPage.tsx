import { Page } from '@meridian/shared';
import { EXTERNAL, P } from '../../../paths';
import { useT } from '../../../i18n';
import { RegisterForm } from '../components/RegisterForm';

/** /pages/register/email/index: sign up by e-mail (the verification code is a step of this form). */
export function EmailRegisterPage() {
  const { t } = useT();
  return (
    <Page title={t('registerEmailTitle')} subtitle={t('registerDescription')}>
      <RegisterForm
        method="email"
        fallback={EXTERNAL.home}
        links={[
          { href: P.register, text: 'registerPhoneTitle' },
          { href: P.loginEmail, text: 'haveAccountLink' },
          { href: P.privacyPolicy, text: 'privacyPolicyTitle' },
        ]}
      />
    </Page>
  );
}
