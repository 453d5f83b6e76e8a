import { Link } from 'react-router-dom';
import { Page } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import { AvatarSection } from '../../components/AvatarSection';
import { EmailForm } from '../../components/EmailForm';
import { NicknameForm } from '../../components/NicknameForm';
import { RequireLogin } from '../../components/RequireLogin';
import styles from '../../components/profile.module.css';

/** /pages/profile/account-setting/index: the profile photo, the nickname and the e-mail, each editable here. */
export function AccountSettingIndexPage() {
  const { t } = useT();
  return (
    <RequireLogin>
      <Page title={t('accountSettingTitle')} subtitle={t('accountSettingDescription')}>
        <AvatarSection />
        <NicknameForm />
        <EmailForm />
        <div className={styles.row}>
          <Link className={styles.link} to={P.profile}>
            {t('profileTitle')}
          </Link>
          <Link className={styles.link} to={P.securityCenter}>
            {t('securityCenterTitle')}
          </Link>
        </div>
      </Page>
    </RequireLogin>
  );
}
