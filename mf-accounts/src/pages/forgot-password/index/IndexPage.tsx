import { Page } from '@meridian/shared';
import { MenuGroup } from '../../../components/MenuList';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { FormLinks } from '../../login/components/LoginForm';

/** /pages/forgot-password/index: where the recovery code should go (e-mail or phone), then back to login. */
export function ForgotPasswordIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('forgotPasswordTitle')} subtitle={t('forgotPasswordDescription')}>
      <MenuGroup
        title="recoverMethodLabel"
        items={[
          { href: P.findPwdEmail, title: 'emailFindTitle', icon: 'mail', testId: 'recover-by-email' },
          { href: P.findPwdPhone, title: 'phoneFindTitle', icon: 'phone', testId: 'recover-by-phone' },
        ]}
      />
      <FormLinks
        links={[
          { href: P.loginEmail, text: 'backToLoginLink' },
          { href: P.register, text: 'noAccountLink' },
        ]}
      />
    </Page>
  );
}
