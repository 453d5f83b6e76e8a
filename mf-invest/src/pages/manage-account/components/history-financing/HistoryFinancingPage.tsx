import { FinancingNav, FinancingOrders } from '../../../../components/invest/FinancingParts';
import { useSmartPoolPaths } from '../../../../components/invest/paths';
import { InvestScreen } from '../../../../components/invest/Screen';

/** /pages/manage-account/components/history-financing: the user's subscriptions, holding and matured. */
export function HistoryFinancingPage() {
  const p = useSmartPoolPaths();
  return (
    <InvestScreen title="historyFinancingTitle" protect>
      <FinancingNav current={p.financingHistory} />
      <FinancingOrders />
    </InvestScreen>
  );
}
