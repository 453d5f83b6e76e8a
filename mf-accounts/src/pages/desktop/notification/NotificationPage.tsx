import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { Detail } from '../../notification/parts/Detail';
import { NotificationCenter } from '../../notification/parts/NotificationCenter';
import { DESKTOP_NOTIFICATION_PATHS, NotificationPathsProvider } from '../../notification/parts/paths';
import styles from '../../notification/notification.module.css';

/** /pages/desktop/notification (?tab=news, ?id=): the list beside the notification or article chosen. */
export function DesktopNotificationPage() {
  const { t } = useT();
  const [search] = useSearchParams();
  const id = search.get('id');
  const type = search.get('tab') === 'news' ? 'news' : 'notification';
  const chosen = id && /^[0-9]{1,18}$/.test(id) ? id : null;
  return (
    <NotificationPathsProvider value={DESKTOP_NOTIFICATION_PATHS}>
      <section className={styles.stack} aria-labelledby="page-title">
        <div>
          <h1 id="page-title" className={styles.pageTitle}>
            {t('notificationTitle')}
          </h1>
          <p className={styles.muted}>{t('notificationDescription')}</p>
        </div>
        <div className={styles.desktop}>
          <NotificationCenter selectedId={chosen} />
          <div>{chosen ? <Detail key={`${type}:${chosen}`} type={type} id={chosen} /> : <p className={styles.placeholder}>{t('notiChoose')}</p>}</div>
        </div>
      </section>
    </NotificationPathsProvider>
  );
}
