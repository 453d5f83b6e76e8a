import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/notification/index */
export function NotificationIndexPage() {
  return (
    <AreaIndex
      title="notificationTitle"
      description="notificationDescription"
      screens={[
        { href: P.notificationDetail, title: 'notificationDetailTitle' },
      ]}
      related={[
        { href: P.profile, title: 'profileTitle' },
        { href: EXTERNAL.home, title: 'homeLink' },
      ]}
    />
  );
}
