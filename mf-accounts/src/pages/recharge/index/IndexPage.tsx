import { Link, useSearchParams } from 'react-router-dom';
import { AppLink, REDIRECT_PARAM, safeRedirect } from '@meridian/shared';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { MoneyScreen } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import { DepositForm } from '../components/DepositForm';

/** /pages/recharge/index; ?redirect= (a trade screen's Deposit) adds the way back to it, for once the money has arrived. */
export function RechargeIndexPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const back = safeRedirect(params.get(REDIRECT_PARAM));
  return (
    <MoneyScreen title="rechargeTitle">
      <DepositForm />
      {back ? (
        <AppLink className={styles.link} href={back} data-testid="deposit-back">
          {t('depositBackToTrading')}
        </AppLink>
      ) : null}
      <Link className={styles.link} to={P.rechargeRecords}>
        {t('rechargeRecordsTitle')}
      </Link>
      <Link className={styles.link} to={P.depositAddresses} data-testid="deposit-addresses-link">
        {t('depositAddressesLink')}
      </Link>
    </MoneyScreen>
  );
}
