import { InvestScreen } from '../../../components/invest/Screen';
import { useSmartPoolPaths } from '../../../components/invest/paths';
import { MinerList, SmartPoolNav, SmartPoolSummaryCard } from '../../../components/invest/SmartPoolParts';

/** /pages/smart-pool/index: the user's figures and team, and every miner with its terms and reserve. */
export function SmartPoolIndexPage() {
  const p = useSmartPoolPaths();
  return (
    <InvestScreen title="smartPoolTitle" subtitle="smartPoolDescription">
      <SmartPoolNav current={p.index} />
      <SmartPoolSummaryCard />
      <MinerList />
    </InvestScreen>
  );
}
