import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { MoneyScreen, RecordsNav } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import { WithdrawHistory } from '../components/WithdrawHistory';

/** /pages/withdraw/withdraw-history */
export function WithdrawHistoryPage() {
  const { t } = useT();
  return (
    <MoneyScreen title="withdrawHistoryTitle">
      <RecordsNav />
      <WithdrawHistory />
      <Link className={styles.link} to={P.withdraw}>
        {t('newWithdrawLink')}
      </Link>
    </MoneyScreen>
  );
}
