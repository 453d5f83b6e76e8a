import { AreaIndex } from '../../../components/AreaIndex';
import { P } from '../../../paths';

/** /pages/manage-account/index — fixed-term wealth financing. */
export function ManageAccountIndexPage() {
  return (
    <AreaIndex
      title="manageAccountTitle"
      description="manageAccountDescription"
      screens={[
        { href: P.buyFinancing, title: 'buyFinancingTitle' },
        { href: P.historyFinancing, title: 'historyFinancingTitle' },
      ]}
      related={[
        { href: P.earn, title: 'earnTitle' },
        { href: P.smartPool, title: 'smartPoolTitle' },
      ]}
    />
  );
}
