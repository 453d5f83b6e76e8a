import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { MoneyScreen, RecordsNav } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import { DepositRecords } from '../components/DepositRecords';

/** /pages/recharge/recharge-records and /pages/recharge/recharge-list (the same screen). */
export function RechargeRecordsPage() {
  const { t } = useT();
  return (
    <MoneyScreen title="rechargeRecordsTitle">
      <RecordsNav />
      <DepositRecords />
      <Link className={styles.link} to={P.recharge}>
        {t('newDepositLink')}
      </Link>
    </MoneyScreen>
  );
}
