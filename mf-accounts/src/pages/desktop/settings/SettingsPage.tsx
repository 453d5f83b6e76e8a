import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/desktop/settings */
export function DesktopSettingsPage() {
  return (
    <AreaIndex
      title="settingsTitle"
      description="settingsDescription"
      screens={[
        { href: P.desktopAccount, title: 'accountDetailsTitle' },
        { href: P.desktopChangePassword, title: 'changePasswordTitle' },
        { href: P.desktopSetFundPassword, title: 'setFundPasswordTitle' },
        { href: P.desktopForgotFundPassword, title: 'forgotFundPasswordTitle' },
      ]}
      related={[
        { href: P.desktopKyc, title: 'kycTitle' },
        { href: P.desktopLanguage, title: 'languageTitle' },
        { href: P.desktopNotification, title: 'notificationTitle' },
      ]}
    />
  );
}
