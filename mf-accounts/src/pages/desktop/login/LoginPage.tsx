import { Page } from '@meridian/shared';
import { EXTERNAL, P } from '../../../paths';
import { useT } from '../../../i18n';
import { LoginForm, type Method } from '../../login/components/LoginForm';
import { MethodTabs } from './MethodTabs';
import styles from '../../login/components/auth.module.css';

/** /pages/desktop/login (e-mail), login-email and login-phone: the login form in a wider card with tabs. */
export function DesktopLoginPage({ method = 'email' }: { method?: Method }) {
  const { t } = useT();
  return (
    <Page title={t('loginTitle')} subtitle={t(method === 'email' ? 'loginEmailDescription' : 'loginPhoneDescription')}>
      <div className={styles.desktop}>
        <div className={styles.desktopCard}>
          <MethodTabs method={method} routes={{ email: P.desktopLoginEmail, phone: P.desktopLoginPhone }} label={t('methodTabsLabel')}>
            <LoginForm
              key={method}
              method={method}
              fallback={EXTERNAL.desktopMarket}
              links={[
                { href: P.desktopForgotPassword, text: 'forgotPasswordTitle' },
                { href: P.desktopRegister, text: 'noAccountLink' },
              ]}
            />
          </MethodTabs>
        </div>
      </div>
    </Page>
  );
}
