import { AreaIndex } from '../../../../components/AreaIndex';
import { P } from '../../../../paths';

/** /pages/profile/security-center/index */
export function SecurityCenterIndexPage() {
  return (
    <AreaIndex
      title="securityCenterTitle"
      description="securityCenterDescription"
      screens={[
        { href: P.changePassword, title: 'changePasswordTitle' },
        { href: P.paymentPassword, title: 'paymentPasswordTitle' },
        { href: P.forgotFundPassword, title: 'forgotFundPasswordTitle' },
      ]}
      related={[
        { href: P.profile, title: 'profileTitle' },
        { href: P.accountSetting, title: 'accountSettingTitle' },
      ]}
    />
  );
}
