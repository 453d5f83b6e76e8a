import { P } from '../../../../paths';
import { EmailForm } from '../../components/EmailForm';
import { FormScreen } from '../../components/FormScreen';

/** /pages/profile/account-setting/email: change the address with a code sent to the new one. */
export function EmailPage() {
  return (
    <FormScreen title="emailTitle" back={{ href: P.accountSetting, title: 'accountSettingTitle' }}>
      <EmailForm />
    </FormScreen>
  );
}
