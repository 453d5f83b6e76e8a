import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/ico/index — token offerings (IEO) and allotments. */
export function IcoIndexPage() {
  return (
    <AreaIndex
      title="icoTitle"
      description="icoDescription"
      related={[
        { href: P.earn, title: 'earnTitle' },
        { href: P.smartPool, title: 'smartPoolTitle' },
        { href: P.manageAccount, title: 'manageAccountTitle' },
        { href: EXTERNAL.wallet, title: 'walletLink' },
      ]}
    />
  );
}
