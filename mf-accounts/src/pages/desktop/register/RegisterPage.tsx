import { Page } from '@meridian/shared';
import { EXTERNAL, P } from '../../../paths';
import { useT } from '../../../i18n';
import type { Method } from '../../login/components/LoginForm';
import { RegisterForm } from '../../register/components/RegisterForm';
import { MethodTabs } from '../login/MethodTabs';
import styles from '../../login/components/auth.module.css';

/** /pages/desktop/register (e-mail), register-email and register-phone: the sign-up form in a wider card with tabs. */
export function DesktopRegisterPage({ method = 'email' }: { method?: Method }) {
  const { t } = useT();
  return (
    <Page title={t('registerTitle')} subtitle={t('registerDescription')}>
      <div className={styles.desktop}>
        <div className={styles.desktopCard}>
          <MethodTabs method={method} routes={{ email: P.desktopRegisterEmail, phone: P.desktopRegisterPhone }} label={t('methodTabsLabel')}>
            <RegisterForm
              key={method}
              method={method}
              fallback={EXTERNAL.desktopMarket}
              links={[{ href: P.desktopLogin, text: 'haveAccountLink' }]}
            />
          </MethodTabs>
        </div>
      </div>
    </Page>
  );
}
