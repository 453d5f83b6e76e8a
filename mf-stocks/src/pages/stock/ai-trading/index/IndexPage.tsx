import { AreaIndex } from '../../../../components/AreaIndex';
import { P } from '../../../../paths';

/** /pages/stock/ai-trading/index — AI fund products. */
export function AiTradingIndexPage() {
  return (
    <AreaIndex
      title="aiTradingTitle"
      description="aiTradingDescription"
      screens={[
        { href: P.aiBuy, title: 'aiBuyTitle' },
        { href: P.aiSell, title: 'aiSellTitle' },
      ]}
      related={[
        { href: P.stock, title: 'stockTitle' },
        { href: P.dayTrading, title: 'dayTradingTitle' },
      ]}
    />
  );
}
