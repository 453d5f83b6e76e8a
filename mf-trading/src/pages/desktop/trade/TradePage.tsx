import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/trade — desktop trading. */
export function DesktopTradePage() {
  return (
    <AreaIndex
      title="tradeMarginTitle"
      description="tradeMarginDescription"
      screens={[{ href: P.desktopSpotPositionDetail, title: 'spotPositionDetailTitle' }]}
      related={[
        { href: P.desktopMarket, title: 'quoteTitle' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
      ]}
    />
  );
}
