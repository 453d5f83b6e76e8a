import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/withdraw/withdraw */
export function WithdrawPage() {
  return (
    <AreaIndex
      title="withdrawTitle"
      description="withdrawDescription"
      screens={[
        { href: P.withdrawAddress, title: 'withdrawAddressTitle' },
        { href: P.withdrawAddressList, title: 'withdrawAddressListTitle' },
        { href: P.createAddress, title: 'createAddressTitle' },
        { href: P.withdrawHistory, title: 'withdrawHistoryTitle' },
      ]}
      related={[
        { href: P.wallet, title: 'walletTitle' },
        { href: P.recharge, title: 'rechargeTitle' },
        { href: P.securityCenter, title: 'securityCenterTitle' },
      ]}
    />
  );
}
