import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/earn/index — the entry to the earning products. */
export function EarnIndexPage() {
  return (
    <AreaIndex
      title="earnTitle"
      description="earnDescription"
      screens={[
        { href: P.smartPool, title: 'smartPoolTitle' },
        { href: P.manageAccount, title: 'manageAccountTitle' },
      ]}
      related={[
        { href: P.ico, title: 'icoTitle' },
        { href: EXTERNAL.wallet, title: 'walletLink' },
      ]}
    />
  );
}
