import { Link } from 'react-router-dom';
import { P } from '../../../paths';
import { useT } from '../../../i18n';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { FormScreen } from '../components/FormScreen';
import styles from '../components/profile.module.css';

/**
 * /pages/profile/reset-password: for a logged-in user, the change-password form (current password, new one
 * twice); who no longer knows the current password recovers it with a code instead.
 */
export function ResetPasswordPage() {
  const { t } = useT();
  return (
    <FormScreen title="resetPasswordTitle" back={{ href: P.securityCenter, title: 'securityCenterTitle' }}>
      <ChangePasswordForm />
      <Link className={styles.link} to={P.forgotPassword} data-testid="reset-password-forgot-link">
        {t('forgotCurrentPasswordLink')}
      </Link>
    </FormScreen>
  );
}
