import { WithdrawHistory } from '../../../../withdraw/components/WithdrawHistory';
import { DesktopMoneyFrame } from '../../../recharge/DesktopMoneyFrame';

/** /pages/desktop/withdraw/components/history */
export function DesktopWithdrawHistoryPage() {
  return (
    <DesktopMoneyFrame title="withdrawHistoryTitle">
      <WithdrawHistory />
    </DesktopMoneyFrame>
  );
}
