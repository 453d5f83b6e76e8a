import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/assets/index */
export function AssetsIndexPage() {
  return (
    <AreaIndex
      title="assetsTitle"
      description="assetsDescription"
      screens={[
        { href: P.assetsAccount, title: 'walletDetailsTitle' },
        { href: P.assetsTransfer, title: 'transferTitle' },
        { href: P.assetsTransferRecords, title: 'transferRecordsTitle' },
      ]}
      related={[
        { href: P.wallet, title: 'walletTitle' },
        { href: P.recharge, title: 'rechargeTitle' },
        { href: P.withdraw, title: 'withdrawTitle' },
      ]}
    />
  );
}
