import { ThemeSwitch } from '@meridian/shared';
import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/profile/index */
export function ProfileIndexPage() {
  return (
    <AreaIndex
      title="profileTitle"
      description="profileDescription"
      screens={[
        { href: P.kyc, title: 'kycTitle' },
        { href: P.securityCenter, title: 'securityCenterTitle' },
        { href: P.accountSetting, title: 'accountSettingTitle' },
        { href: P.resetPassword, title: 'resetPasswordTitle' },
        { href: P.language, title: 'languageTitle' },
        { href: P.helperCenter, title: 'helperCenterTitle' },
        { href: P.aboutUs, title: 'aboutUsTitle' },
      ]}
      related={[
        { href: P.wallet, title: 'walletTitle' },
        { href: P.notification, title: 'notificationTitle' },
        { href: P.privacyPolicy, title: 'privacyPolicyTitle' },
      ]}
    >
      <ThemeSwitch />
    </AreaIndex>
  );
}
