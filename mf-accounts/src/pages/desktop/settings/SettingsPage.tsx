import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';
import { RequireLogin } from '../../profile/components/RequireLogin';
import { SessionsList } from '../../profile/components/SessionsList';

/** /pages/desktop/settings: the settings screens, and the logged-in devices. */
export function DesktopSettingsPage() {
  return (
    <RequireLogin>
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
      >
        <SessionsList />
      </AreaIndex>
    </RequireLogin>
  );
}
