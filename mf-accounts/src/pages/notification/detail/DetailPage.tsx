import { Link, useSearchParams } from 'react-router-dom';
import { NotFoundState, Page, useIsLoggedIn } from '@meridian/shared';
import { RequireLogin } from '../../../components/money/parts';
import { useT } from '../../../i18n';
import { Detail } from '../parts/Detail';
import { MOBILE_NOTIFICATION_PATHS } from '../parts/paths';
import styles from '../notification.module.css';

const validId = (value: string | null): value is string => /^[0-9]{1,18}$/.test(value ?? '');

/** /pages/notification/detail?id=&type=notification|news: one notification (logged in) or one news article. */
export function NotificationDetailPage() {
  const { t } = useT();
  const [search] = useSearchParams();
  const type = search.get('type') === 'news' ? 'news' : 'notification';
  const id = search.get('id');
  const loggedIn = useIsLoggedIn();
  const content = (
    <Page title={t(type === 'news' ? 'notiNewsDetailTitle' : 'notificationDetailTitle')}>
      <div className={styles.stack}>
        {validId(id) ? <Detail type={type} id={id} /> : <NotFoundState hint={t('notiMissing')} />}
        <Link className={styles.back} to={MOBILE_NOTIFICATION_PATHS.list(type === 'news' ? 'news' : 'notifications')}>
          {t(type === 'news' ? 'notiBackToNews' : 'notiBackToNotifications')}
        </Link>
      </div>
    </Page>
  );
  // news is public; a notification is the user's own
  return type === 'news' || loggedIn ? content : <RequireLogin>{content}</RequireLogin>;
}
