import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/recharge */
export function DesktopRechargePage() {
  return (
    <AreaIndex
      title="rechargeTitle"
      description="rechargeDescription"
      related={[
        { href: P.desktopAssets, title: 'assetsTitle' },
        { href: P.desktopWithdraw, title: 'withdrawTitle' },
        { href: EXTERNAL.desktopC2c, title: 'c2cLink' },
      ]}
    />
  );
}
