import { ErrorState, Spinner } from '@meridian/shared';
import { useT } from '../../../i18n';
import { useUserInfo } from './account';
import { AvatarEditor } from './AvatarEditor';
import styles from './profile.module.css';

/** Account settings' profile photo: the avatar, larger, with the accepted formats and the way to change it. */
export function AvatarSection() {
  const { t } = useT();
  const { info, failed, reload } = useUserInfo();
  return (
    <section className={styles.section} aria-labelledby="avatar-title">
      <h2 id="avatar-title" className={styles.sectionTitle}>
        {t('avatarTitle')}
      </h2>
      {info ? <AvatarEditor info={info} large showHint /> : failed ? <ErrorState onRetry={reload} /> : <Spinner />}
    </section>
  );
}
