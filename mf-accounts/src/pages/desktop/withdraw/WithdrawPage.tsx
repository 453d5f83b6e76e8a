import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/desktop/withdraw */
export function DesktopWithdrawPage() {
  return (
    <AreaIndex
      title="withdrawTitle"
      description="withdrawDescription"
      screens={[
        { href: P.desktopWithdrawHistory, title: 'withdrawHistoryTitle' },
      ]}
      related={[
        { href: P.desktopAssets, title: 'assetsTitle' },
        { href: P.desktopRecharge, title: 'rechargeTitle' },
        { href: P.desktopSettings, title: 'settingsTitle' },
      ]}
    />
  );
}
