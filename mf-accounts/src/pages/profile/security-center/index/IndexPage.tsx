import { Page } from '@meridian/shared';
import { MenuGroup } from '../../../../components/MenuList';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import { useCachedUserInfo } from '../../components/account';
import { RequireLogin } from '../../components/RequireLogin';

/** /pages/profile/security-center/index: the login password and devices, and the separate fund password. */
export function SecurityCenterIndexPage() {
  return (
    <RequireLogin>
      <SecurityCenter />
    </RequireLogin>
  );
}

function SecurityCenter() {
  const { t } = useT();
  const info = useCachedUserInfo();
  const fundPasswordState = info ? t(info.hasFundPassword ? 'fundPasswordStateSet' : 'fundPasswordStateNotSet') : undefined;
  return (
    <Page title={t('securityCenterTitle')} subtitle={t('securityCenterDescription')}>
      <MenuGroup
        title="securityGroupLogin"
        items={[
          { href: P.changePassword, title: 'changePasswordTitle', icon: 'lock', testId: 'security-change-password' },
          { href: P.forgotPassword, title: 'forgotPasswordTitle', icon: 'help' },
          { href: P.sessions, title: 'sessionsTitle', icon: 'devices', testId: 'security-sessions' },
        ]}
      />
      <MenuGroup
        title="paymentPasswordTitle"
        items={[
          { href: P.paymentPassword, title: info?.hasFundPassword ? 'changeFundPasswordTitle' : 'setFundPasswordTitle', icon: 'key', value: fundPasswordState, testId: 'security-fund-password' },
          { href: P.forgotFundPassword, title: 'forgotFundPasswordTitle', icon: 'help' },
        ]}
      />
    </Page>
  );
}
