import { AreaIndex } from '../../../../components/AreaIndex';
import { P } from '../../../../paths';

/** /pages/stock/day-trading/index — the day-trading account. */
export function DayTradingIndexPage() {
  return (
    <AreaIndex
      title="dayTradingTitle"
      description="dayTradingDescription"
      screens={[
        { href: P.daySwitchTo, title: 'daySwitchToTitle' },
        { href: P.dayRollOut, title: 'dayRollOutTitle' },
        { href: P.dayFundRecords, title: 'dayFundRecordsTitle' },
        { href: P.dayPositionDetail, title: 'dayPositionDetailTitle' },
      ]}
      related={[
        { href: P.stock, title: 'stockTitle' },
        { href: P.aiTrading, title: 'aiTradingTitle' },
      ]}
    />
  );
}
