import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/block-trade/index — block-trade subscriptions. */
export function BlockTradeIndexPage() {
  return (
    <AreaIndex
      title="blockTradeTitle"
      description="blockTradeDescription"
      screens={[
        { href: P.blockBuy, title: 'blockBuyTitle' },
        { href: P.blockHistory, title: 'blockHistoryTitle' },
      ]}
      related={[
        { href: P.stock, title: 'stockTitle' },
        { href: EXTERNAL.wallet, title: 'walletLink' },
      ]}
    />
  );
}
