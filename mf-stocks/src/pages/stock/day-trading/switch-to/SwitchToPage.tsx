import { Page } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { DayTransferForm } from './TransferForm';

/** /pages/stock/day-trading/switch-to — USDT from the spot wallet into the day-trading wallet. */
export function DaySwitchToPage() {
  const { t } = useT();
  return (
    <Page title={t('daySwitchToTitle')}>
      <DayTransferForm direction="deposit" />
    </Page>
  );
}
