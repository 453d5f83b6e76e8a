import { ScreenWithLinks } from '../../../components/ScreenWithLinks';
import { MarketBoard } from '../../../components/market/MarketBoard';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/market — the desktop start page: the live quotes as a dense table. */
export function DesktopMarketPage() {
  return (
    <ScreenWithLinks
      title="quoteTitle"
      description="quoteDescription"
      related={[
        { href: P.desktopTrade, title: 'tradeMarginTitle' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
        { href: EXTERNAL.desktopC2c, title: 'c2cLink' },
      ]}
    >
      <MarketBoard dense />
    </ScreenWithLinks>
  );
}
