import { P } from '../../../../paths';
import { ChangePasswordForm } from '../../components/ChangePasswordForm';
import { FormScreen } from '../../components/FormScreen';

/** /pages/profile/security-center/change-password */
export function ChangePasswordPage() {
  return (
    <FormScreen title="changePasswordTitle" back={{ href: P.securityCenter, title: 'securityCenterTitle' }}>
      <ChangePasswordForm />
    </FormScreen>
  );
}
