import { Page } from '@meridian/shared';
import { P } from '../../../paths';
import { useT } from '../../../i18n';
import { FormLinks } from '../../login/components/LoginForm';
import { RecoverPasswordForm } from '../components/RecoverPasswordForm';

/** /pages/findPwd/phone-find: a new login password with a code sent by SMS. */
export function PhoneFindPage() {
  const { t } = useT();
  return (
    <Page title={t('phoneFindTitle')} subtitle={t('recoverPhoneDescription')}>
      <RecoverPasswordForm method="phone" loginHref={P.loginPhone} />
      <FormLinks
        links={[
          { href: P.findPwdEmail, text: 'emailFindTitle' },
          { href: P.loginPhone, text: 'backToLoginLink' },
        ]}
      />
    </Page>
  );
}
