import { Page } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { DayTransferForm } from '../switch-to/TransferForm';

/** /pages/stock/day-trading/roll-out — USDT from the day-trading wallet back to the spot wallet. */
export function DayRollOutPage() {
  const { t } = useT();
  return (
    <Page title={t('dayRollOutTitle')}>
      <DayTransferForm direction="withdraw" />
    </Page>
  );
}
