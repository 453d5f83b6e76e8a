import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/quote/index — the market tab. */
export function QuoteIndexPage() {
  return (
    <AreaIndex
      title="quoteTitle"
      description="quoteDescription"
      related={[
        { href: P.tradeMargin, title: 'tradeMarginTitle' },
        { href: P.tradeChart, title: 'tradeChartTitle' },
        { href: P.search, title: 'searchTitle' },
        { href: EXTERNAL.stock, title: 'stockLink' },
      ]}
    />
  );
}
