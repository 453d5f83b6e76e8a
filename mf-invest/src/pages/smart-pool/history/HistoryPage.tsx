import { InvestScreen } from '../../../components/invest/Screen';
import { useSmartPoolPaths } from '../../../components/invest/paths';
import { PayoutList, SmartPoolNav } from '../../../components/invest/SmartPoolParts';

/** /pages/smart-pool/history: every scheduled and paid income and rebate, with its receipt once paid. */
export function SmartPoolHistoryPage() {
  const p = useSmartPoolPaths();
  return (
    <InvestScreen title="smartPoolHistoryTitle" protect>
      <SmartPoolNav current={p.history} />
      <PayoutList />
    </InvestScreen>
  );
}
