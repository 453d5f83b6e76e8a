import { InvestScreen } from '../../../components/invest/Screen';
import { useSmartPoolPaths } from '../../../components/invest/paths';
import { OrderList, SmartPoolNav } from '../../../components/invest/SmartPoolParts';

/** /pages/smart-pool/redeemed: miners whose term ended and whose principal came back. */
export function SmartPoolRedeemedPage() {
  const p = useSmartPoolPaths();
  return (
    <InvestScreen title="smartPoolRedeemedTitle" protect>
      <SmartPoolNav current={p.redeemed} />
      <OrderList status="redeemed" />
    </InvestScreen>
  );
}
