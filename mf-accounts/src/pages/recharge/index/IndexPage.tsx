import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { MoneyScreen } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import { DepositForm } from '../components/DepositForm';

/** /pages/recharge/index */
export function RechargeIndexPage() {
  const { t } = useT();
  return (
    <MoneyScreen title="rechargeTitle">
      <DepositForm />
      <Link className={styles.link} to={P.rechargeRecords}>
        {t('rechargeRecordsTitle')}
      </Link>
    </MoneyScreen>
  );
}
