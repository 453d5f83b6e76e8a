import { Page } from '@meridian/shared';
import { P } from '../../../paths';
import { useT } from '../../../i18n';
import { FormLinks } from '../../login/components/LoginForm';
import { RecoverPasswordForm } from '../components/RecoverPasswordForm';

/** /pages/findPwd/email-find: a new login password with a code sent by e-mail. */
export function EmailFindPage() {
  const { t } = useT();
  return (
    <Page title={t('emailFindTitle')} subtitle={t('recoverEmailDescription')}>
      <RecoverPasswordForm method="email" loginHref={P.loginEmail} />
      <FormLinks
        links={[
          { href: P.findPwdPhone, text: 'phoneFindTitle' },
          { href: P.loginEmail, text: 'backToLoginLink' },
        ]}
      />
    </Page>
  );
}
