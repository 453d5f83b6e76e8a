import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/desktop/forgot-password */
export function DesktopForgotPasswordPage() {
  return (
    <AreaIndex
      title="forgotPasswordTitle"
      description="forgotPasswordDescription"
      related={[
        { href: P.desktopLogin, title: 'loginTitle' },
        { href: P.desktopRegister, title: 'registerTitle' },
      ]}
    />
  );
}
