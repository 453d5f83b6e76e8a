import { useIsLoggedIn } from '@meridian/shared';
import { BuyFinancing, FinancingList, FinancingOrders } from '../../../components/invest/FinancingParts';
import { InvestScreen } from '../../../components/invest/Screen';
import { useT } from '../../../i18n';
import styles from '../../../components/invest/invest.module.css';

/** /pages/desktop/manage: the financing products, the subscription form and the user's subscriptions on one page. */
export function DesktopManagePage() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  return (
    <InvestScreen title="manageAccountTitle" subtitle="manageAccountDescription">
      <FinancingList />
      {loggedIn ? (
        <>
          <h2 className={styles.sectionTitle}>{t('buyFinancingTitle')}</h2>
          <BuyFinancing />
          <h2 className={styles.sectionTitle}>{t('historyFinancingTitle')}</h2>
          <FinancingOrders />
        </>
      ) : null}
    </InvestScreen>
  );
}
