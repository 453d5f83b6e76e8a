import { ScreenWithLinks } from '../../../components/ScreenWithLinks';
import { MarketBoard } from '../../../components/market/MarketBoard';
import { EXTERNAL, P } from '../../../paths';

/** /pages/quote/index — the market tab: live quotes by category, favourites, sorting, pull to refresh. */
export function QuoteIndexPage() {
  return (
    <ScreenWithLinks
      title="quoteTitle"
      description="quoteDescription"
      related={[
        { href: P.tradeMargin, title: 'tradeMarginTitle' },
        { href: P.tradeChart, title: 'tradeChartTitle' },
        { href: P.search, title: 'searchTitle' },
        { href: EXTERNAL.stock, title: 'stockLink' },
      ]}
    >
      <MarketBoard />
    </ScreenWithLinks>
  );
}
