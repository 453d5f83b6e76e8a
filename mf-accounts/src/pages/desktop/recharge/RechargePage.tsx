import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import styles from '../../../components/money/money.module.css';
import own from '../../recharge/components/deposit.module.css';
import { DepositForm } from '../../recharge/components/DepositForm';
import { DepositRecords } from '../../recharge/components/DepositRecords';
import { DesktopMoneyFrame } from './DesktopMoneyFrame';

/** /pages/desktop/recharge: the deposit form (with the way to the address book and reports) beside the deposit records. */
export function DesktopRechargePage() {
  const { t } = useT();
  return (
    <DesktopMoneyFrame title="rechargeTitle">
      <div className={own.wide}>
        <div className={styles.card}>
          <DepositForm />
          <Link className={styles.link} to={P.desktopDepositAddresses} data-testid="deposit-addresses-link">
            {t('depositAddressesLink')}
          </Link>
        </div>
        <div className={styles.stack}>
          <h2 className={styles.sectionTitle}>{t('rechargeRecordsTitle')}</h2>
          <DepositRecords />
        </div>
      </div>
    </DesktopMoneyFrame>
  );
}
