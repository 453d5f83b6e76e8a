import { Page } from '@meridian/shared';
import { EXTERNAL, P } from '../../../paths';
import { useT } from '../../../i18n';
import { LoginForm } from '../components/LoginForm';

/** /pages/login/login: log in with country code, phone and password. */
export function PhoneLoginPage() {
  const { t } = useT();
  return (
    <Page title={t('loginPhoneTitle')} subtitle={t('loginPhoneDescription')}>
      <LoginForm
        method="phone"
        fallback={EXTERNAL.home}
        links={[
          { href: P.loginEmail, text: 'loginEmailTitle' },
          { href: P.forgotPassword, text: 'forgotPasswordTitle' },
          { href: P.register, text: 'noAccountLink' },
        ]}
      />
    </Page>
  );
}
