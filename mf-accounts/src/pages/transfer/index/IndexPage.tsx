import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/transfer/index */
export function TransferIndexPage() {
  return (
    <AreaIndex
      title="transferTitle"
      description="transferDescription"
      screens={[
        { href: P.transferRecords, title: 'transferRecordsTitle' },
      ]}
      related={[
        { href: P.wallet, title: 'walletTitle' },
        { href: P.assets, title: 'assetsTitle' },
        { href: P.convert, title: 'convertTitle' },
      ]}
    />
  );
}
