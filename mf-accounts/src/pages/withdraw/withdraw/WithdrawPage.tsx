import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { MoneyScreen } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import { WithdrawForm } from '../components/WithdrawForm';

/** /pages/withdraw/withdraw */
export function WithdrawPage() {
  const { t } = useT();
  return (
    <MoneyScreen title="withdrawTitle">
      <WithdrawForm />
      <div className={styles.row}>
        <Link className={styles.link} to={P.withdrawHistory}>
          {t('withdrawHistoryTitle')}
        </Link>
        <Link className={styles.link} to={P.withdrawAddressList}>
          {t('withdrawAddressListTitle')}
        </Link>
      </div>
    </MoneyScreen>
  );
}
