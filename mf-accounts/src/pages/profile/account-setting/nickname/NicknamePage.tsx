import { P } from '../../../../paths';
import { FormScreen } from '../../components/FormScreen';
import { NicknameForm } from '../../components/NicknameForm';

/** /pages/profile/account-setting/nickname */
export function NicknamePage() {
  return (
    <FormScreen title="nicknameTitle" back={{ href: P.accountSetting, title: 'accountSettingTitle' }}>
      <NicknameForm />
    </FormScreen>
  );
}
