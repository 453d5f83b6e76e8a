import { Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { NotificationCenter } from '../parts/NotificationCenter';

/** /pages/notification/index (?tab=news): the user's notifications and the news. */
export function NotificationIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('notificationTitle')} subtitle={t('notificationDescription')}>
      <NotificationCenter />
    </Page>
  );
}
