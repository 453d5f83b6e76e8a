import { Page } from '@meridian/shared';
import { EXTERNAL, P } from '../../../paths';
import { useT } from '../../../i18n';
import { LoginForm } from '../components/LoginForm';

/** /pages/login/email-login: the default login target. */
export function EmailLoginPage() {
  const { t } = useT();
  return (
    <Page title={t('loginEmailTitle')} subtitle={t('loginEmailDescription')}>
      <LoginForm
        method="email"
        fallback={EXTERNAL.home}
        links={[
          { href: P.loginPhone, text: 'loginPhoneTitle' },
          { href: P.forgotPassword, text: 'forgotPasswordTitle' },
          { href: P.register, text: 'noAccountLink' },
        ]}
      />
    </Page>
  );
}
