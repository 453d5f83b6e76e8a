import { Page } from '@meridian/shared';
import { useLanguageName } from '../../../components/LanguagePicker';
import { MenuColumns, MenuGroup } from '../../../components/MenuList';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { KYC_STATUS_TEXT, useUserInfo } from '../../profile/components/account';
import { RequireLogin } from '../../profile/components/RequireLogin';
import { SessionsList } from '../../profile/components/SessionsList';

/** /pages/desktop/settings: the account, security and preference screens as grouped lists, and the logged-in devices. */
export function DesktopSettingsPage() {
  return (
    <RequireLogin>
      <Settings />
    </RequireLogin>
  );
}

function Settings() {
  const { t } = useT();
  // asked again on each visit: a KYC review or a fund password set elsewhere shows when the user comes back here
  const { info } = useUserInfo();
  const languageName = useLanguageName();
  return (
    <Page title={t('settingsTitle')} subtitle={t('settingsDescription')}>
      <MenuColumns>
        <MenuGroup
          title="menuGroupAccount"
          items={[
            { href: P.desktopAccount, title: 'accountDetailsTitle', icon: 'user', testId: 'settings-account' },
            { href: P.desktopKyc, title: 'kycTitle', icon: 'idCard', value: info ? t(KYC_STATUS_TEXT[info.kycStatus] ?? 'kycUnverified') : undefined, testId: 'settings-kyc' },
          ]}
        />
        <MenuGroup
          title="securityCenterTitle"
          items={[
            { href: P.desktopChangePassword, title: 'changePasswordTitle', icon: 'lock' },
            {
              href: P.desktopSetFundPassword,
              title: info?.hasFundPassword ? 'changeFundPasswordTitle' : 'setFundPasswordTitle',
              icon: 'key',
              value: info ? t(info.hasFundPassword ? 'fundPasswordStateSet' : 'fundPasswordStateNotSet') : undefined,
            },
            { href: P.desktopForgotFundPassword, title: 'forgotFundPasswordTitle', icon: 'help' },
          ]}
        />
        <MenuGroup
          title="menuGroupGeneral"
          items={[
            { href: P.desktopNotification, title: 'notificationTitle', icon: 'bell' },
            { href: P.desktopLanguage, title: 'languageTitle', icon: 'globe', value: languageName },
          ]}
        />
      </MenuColumns>
      <SessionsList />
    </Page>
  );
}
