import { useT } from '../../../i18n';
import styles from '../../../components/money/money.module.css';
import own from '../../recharge/components/deposit.module.css';
import { WithdrawForm } from '../../withdraw/components/WithdrawForm';
import { WithdrawHistory } from '../../withdraw/components/WithdrawHistory';
import { DesktopMoneyFrame } from '../recharge/DesktopMoneyFrame';

/** /pages/desktop/withdraw: the withdrawal form beside the withdrawal history (a new withdrawal invalidates it). */
export function DesktopWithdrawPage() {
  const { t } = useT();
  return (
    <DesktopMoneyFrame title="withdrawTitle">
      <div className={own.wide}>
        <div className={styles.card}>
          <WithdrawForm />
        </div>
        <div className={styles.stack}>
          <h2 className={styles.sectionTitle}>{t('withdrawHistoryTitle')}</h2>
          <WithdrawHistory />
        </div>
      </div>
    </DesktopMoneyFrame>
  );
}
