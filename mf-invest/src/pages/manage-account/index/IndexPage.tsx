import { FinancingList, FinancingNav } from '../../../components/invest/FinancingParts';
import { useSmartPoolPaths } from '../../../components/invest/paths';
import { InvestScreen } from '../../../components/invest/Screen';

/** /pages/manage-account/index: the financing products with their terms and the reserve that backs them. */
export function ManageAccountIndexPage() {
  const p = useSmartPoolPaths();
  return (
    <InvestScreen title="manageAccountTitle" subtitle="manageAccountDescription">
      <FinancingNav current={p.financing} />
      <FinancingList />
    </InvestScreen>
  );
}
