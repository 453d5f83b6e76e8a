import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/trade-chart/index — price chart and depth of one symbol. */
export function TradeChartIndexPage() {
  return (
    <AreaIndex
      title="tradeChartTitle"
      description="tradeChartDescription"
      related={[
        { href: P.tradeMargin, title: 'tradeMarginTitle' },
        { href: P.quote, title: 'quoteTitle' },
        { href: P.search, title: 'searchTitle' },
      ]}
    />
  );
}
