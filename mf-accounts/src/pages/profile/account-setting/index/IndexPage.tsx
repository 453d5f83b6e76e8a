import { AreaIndex } from '../../../../components/AreaIndex';
import { P } from '../../../../paths';

/** /pages/profile/account-setting/index */
export function AccountSettingIndexPage() {
  return (
    <AreaIndex
      title="accountSettingTitle"
      description="accountSettingDescription"
      screens={[
        { href: P.nickname, title: 'nicknameTitle' },
        { href: P.email, title: 'emailTitle' },
      ]}
      related={[
        { href: P.profile, title: 'profileTitle' },
        { href: P.securityCenter, title: 'securityCenterTitle' },
      ]}
    />
  );
}
