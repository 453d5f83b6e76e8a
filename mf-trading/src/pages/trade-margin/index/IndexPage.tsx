import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/trade-margin/index — the trade tab: spot and perpetual contracts. */
export function TradeMarginIndexPage() {
  return (
    <AreaIndex
      title="tradeMarginTitle"
      description="tradeMarginDescription"
      screens={[
        { href: P.perpetualPositionDetail, title: 'perpetualPositionDetailTitle' },
        { href: P.perpetualHistoryDetail, title: 'perpetualHistoryDetailTitle' },
        { href: P.spotOrderDetail, title: 'spotOrderDetailTitle' },
        { href: P.spotPositionDetail, title: 'spotPositionDetailTitle' },
      ]}
      related={[
        { href: P.quote, title: 'quoteTitle' },
        { href: P.tradeChart, title: 'tradeChartTitle' },
        { href: EXTERNAL.wallet, title: 'walletLink' },
        { href: EXTERNAL.kyc, title: 'kycLink' },
      ]}
    />
  );
}
