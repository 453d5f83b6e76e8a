import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/smart-pool/index — cloud-mining products. */
export function SmartPoolIndexPage() {
  return (
    <AreaIndex
      title="smartPoolTitle"
      description="smartPoolDescription"
      screens={[
        { href: P.smartPoolBuy, title: 'smartPoolBuyTitle' },
        { href: P.smartPoolMyOrder, title: 'smartPoolMyOrderTitle' },
        { href: P.smartPoolHistory, title: 'smartPoolHistoryTitle' },
        { href: P.smartPoolRedeemed, title: 'smartPoolRedeemedTitle' },
      ]}
      related={[
        { href: P.earn, title: 'earnTitle' },
        { href: P.manageAccount, title: 'manageAccountTitle' },
      ]}
    />
  );
}
