import { BuyFinancing, FinancingNav } from '../../../../components/invest/FinancingParts';
import { useSmartPoolPaths } from '../../../../components/invest/paths';
import { InvestScreen } from '../../../../components/invest/Screen';

/** /pages/manage-account/components/buy-financing (?product=): subscribe after the estimate and a confirmation. */
export function BuyFinancingPage() {
  const p = useSmartPoolPaths();
  return (
    <InvestScreen title="buyFinancingTitle" protect>
      <FinancingNav current={p.financingBuy} />
      <BuyFinancing />
    </InvestScreen>
  );
}
