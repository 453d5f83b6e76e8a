import { InvestScreen } from '../../../components/invest/Screen';
import { useSmartPoolPaths } from '../../../components/invest/paths';
import { OrderList, SmartPoolNav } from '../../../components/invest/SmartPoolParts';

/** /pages/smart-pool/my-order: the user's locked miners (holdings, revenue to date, next payout). */
export function SmartPoolMyOrderPage() {
  const p = useSmartPoolPaths();
  return (
    <InvestScreen title="smartPoolMyOrderTitle" protect>
      <SmartPoolNav current={p.orders} />
      <OrderList status="locked" />
    </InvestScreen>
  );
}
