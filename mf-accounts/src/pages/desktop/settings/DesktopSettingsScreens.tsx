import { P } from '../../../paths';
import { AvatarSection } from '../../profile/components/AvatarSection';
import { ChangePasswordForm } from '../../profile/components/ChangePasswordForm';
import { EmailForm } from '../../profile/components/EmailForm';
import { ForgotFundPasswordForm } from '../../profile/components/ForgotFundPasswordForm';
import { FormScreen } from '../../profile/components/FormScreen';
import { FundPasswordForm } from '../../profile/components/FundPasswordForm';
import { NicknameForm } from '../../profile/components/NicknameForm';

const BACK = { href: P.desktopSettings, title: 'settingsTitle' } as const;

/** /pages/desktop/settings/change-password */
export function DesktopChangePasswordPage() {
  return (
    <FormScreen title="changePasswordTitle" back={BACK} desktop>
      <ChangePasswordForm />
    </FormScreen>
  );
}

/** /pages/desktop/settings/set-fund-password: set the fund password, or change it when one is set. */
export function DesktopSetFundPasswordPage() {
  return (
    <FormScreen title="paymentPasswordTitle" back={BACK} desktop>
      <FundPasswordForm forgotHref={P.desktopForgotFundPassword} />
    </FormScreen>
  );
}

/** /pages/desktop/settings/forgot-fund-password */
export function DesktopForgotFundPasswordPage() {
  return (
    <FormScreen title="forgotFundPasswordTitle" back={BACK} desktop>
      <ForgotFundPasswordForm />
    </FormScreen>
  );
}

/** /pages/desktop/settings/account: profile photo, nickname and e-mail. */
export function DesktopAccountPage() {
  return (
    <FormScreen title="accountDetailsTitle" back={BACK} desktop>
      <AvatarSection />
      <NicknameForm />
      <EmailForm />
    </FormScreen>
  );
}
