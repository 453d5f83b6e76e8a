import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/notification */
export function DesktopNotificationPage() {
  return (
    <AreaIndex
      title="notificationTitle"
      description="notificationDescription"
      related={[
        { href: P.desktopSettings, title: 'settingsTitle' },
        { href: EXTERNAL.desktopMarket, title: 'quoteLink' },
      ]}
    />
  );
}
