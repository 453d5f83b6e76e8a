import { AreaIndex } from '../../../../components/AreaIndex';
import { P } from '../../../../paths';
import { RequireLogin } from '../../components/RequireLogin';

/** /pages/profile/security-center/index */
export function SecurityCenterIndexPage() {
  return (
    <RequireLogin>
      <AreaIndex
        title="securityCenterTitle"
        description="securityCenterDescription"
        screens={[
          { href: P.changePassword, title: 'changePasswordTitle' },
          { href: P.paymentPassword, title: 'paymentPasswordTitle' },
          { href: P.forgotFundPassword, title: 'forgotFundPasswordTitle' },
          { href: P.sessions, title: 'sessionsTitle' },
        ]}
        related={[
          { href: P.profile, title: 'profileTitle' },
          { href: P.accountSetting, title: 'accountSettingTitle' },
        ]}
      />
    </RequireLogin>
  );
}
