import { AreaIndex } from '../../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../../paths';

/** /pages/desktop/smart-pool/index — desktop smart pool. */
export function DesktopSmartPoolIndexPage() {
  return (
    <AreaIndex
      title="smartPoolTitle"
      description="smartPoolDescription"
      screens={[
        { href: P.desktopSmartPoolBuy, title: 'smartPoolBuyTitle' },
        { href: P.desktopSmartPoolMyOrder, title: 'smartPoolMyOrderTitle' },
        { href: P.desktopSmartPoolHistory, title: 'smartPoolHistoryTitle' },
        { href: P.desktopSmartPoolRedeemed, title: 'smartPoolRedeemedTitle' },
      ]}
      related={[
        { href: P.desktopManage, title: 'manageAccountTitle' },
        { href: P.desktopIco, title: 'icoTitle' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
      ]}
    />
  );
}
