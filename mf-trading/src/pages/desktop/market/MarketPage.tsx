import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/market — the desktop start page (wide screens are sent here). */
export function DesktopMarketPage() {
  return (
    <AreaIndex
      title="quoteTitle"
      description="quoteDescription"
      related={[
        { href: P.desktopTrade, title: 'tradeMarginTitle' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
        { href: EXTERNAL.desktopC2c, title: 'c2cLink' },
      ]}
    />
  );
}
