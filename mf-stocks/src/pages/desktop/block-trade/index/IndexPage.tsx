import { AreaIndex } from '../../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../../paths';

/** /pages/desktop/block-trade/index — desktop block trades. */
export function DesktopBlockTradeIndexPage() {
  return (
    <AreaIndex
      title="blockTradeTitle"
      description="blockTradeDescription"
      screens={[
        { href: P.desktopBlockBuy, title: 'blockBuyTitle' },
        { href: P.desktopBlockHistory, title: 'blockHistoryTitle' },
      ]}
      related={[
        { href: EXTERNAL.desktopMarket, title: 'quoteLink' },
        { href: EXTERNAL.desktopTrade, title: 'tradeLink' },
        { href: EXTERNAL.desktopAssets, title: 'assetsLink' },
      ]}
    />
  );
}
