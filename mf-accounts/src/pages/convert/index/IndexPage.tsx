import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/convert/index */
export function ConvertIndexPage() {
  return (
    <AreaIndex
      title="convertTitle"
      description="convertDescription"
      screens={[
        { href: P.convertRecords, title: 'convertRecordsTitle' },
      ]}
      related={[
        { href: P.wallet, title: 'walletTitle' },
        { href: P.transfer, title: 'transferTitle' },
        { href: EXTERNAL.c2c, title: 'c2cLink' },
      ]}
    />
  );
}
