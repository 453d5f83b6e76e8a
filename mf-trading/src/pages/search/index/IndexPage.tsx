import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/search/index — find a market and mark it as a favorite. */
export function SearchIndexPage() {
  return (
    <AreaIndex
      title="searchTitle"
      description="searchDescription"
      related={[
        { href: P.quote, title: 'quoteTitle' },
        { href: P.tradeMargin, title: 'tradeMarginTitle' },
        { href: EXTERNAL.stock, title: 'stockLink' },
      ]}
    />
  );
}
