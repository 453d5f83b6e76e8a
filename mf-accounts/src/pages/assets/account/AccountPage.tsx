import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { AccountDetail } from '../../../components/money/AccountDetail';
import { MoneyScreen } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';

/** /pages/assets/account?wallet=&asset=: one wallet/asset with its account change history. */
export function AssetsAccountPage() {
  const { t, tc } = useT();
  return (
    <MoneyScreen title="walletDetailsTitle">
      <AccountDetail transferBase={P.assetsTransfer} />
      <Link className={styles.link} to={P.assets}>
        {tc('backTo', { area: t('assetsTitle') })}
      </Link>
    </MoneyScreen>
  );
}
