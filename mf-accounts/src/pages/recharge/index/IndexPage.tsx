import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/recharge/index */
export function RechargeIndexPage() {
  return (
    <AreaIndex
      title="rechargeTitle"
      description="rechargeDescription"
      screens={[
        { href: P.rechargeList, title: 'rechargeListTitle' },
        { href: P.rechargeRecords, title: 'rechargeRecordsTitle' },
      ]}
      related={[
        { href: P.wallet, title: 'walletTitle' },
        { href: P.withdraw, title: 'withdrawTitle' },
        { href: EXTERNAL.c2c, title: 'c2cLink' },
      ]}
    />
  );
}
