import { P } from '../../../../paths';
import { FormScreen } from '../../components/FormScreen';
import { ForgotFundPasswordForm } from '../../components/ForgotFundPasswordForm';

/** /pages/profile/security-center/forgot-fund-password */
export function ForgotFundPasswordPage() {
  return (
    <FormScreen title="forgotFundPasswordTitle" back={{ href: P.securityCenter, title: 'securityCenterTitle' }}>
      <ForgotFundPasswordForm />
    </FormScreen>
  );
}
