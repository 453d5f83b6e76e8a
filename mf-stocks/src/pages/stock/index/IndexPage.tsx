import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/stock/index — stocks: ordinary trading, AI fund, day trading, IPO. */
export function StockIndexPage() {
  return (
    <AreaIndex
      title="stockTitle"
      description="stockDescription"
      screens={[
        { href: P.stockSearch, title: 'stockSearchTitle' },
        { href: P.stockDetail, title: 'stockDetailTitle' },
        { href: P.stockBuySell, title: 'stockBuySellTitle' },
        { href: P.aiTrading, title: 'aiTradingTitle' },
        { href: P.dayTrading, title: 'dayTradingTitle' },
      ]}
      related={[
        { href: P.blockTrade, title: 'blockTradeTitle' },
        { href: EXTERNAL.quote, title: 'quoteLink' },
        { href: EXTERNAL.wallet, title: 'walletLink' },
      ]}
    />
  );
}
