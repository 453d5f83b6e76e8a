import { useSearchParams } from 'react-router-dom';
import { AppLink, Page } from '@meridian/shared';
import { BuildLabel } from '../../../components/BuildLabel';
import { useT } from '../../../i18n';
import { AdList } from '../../../parts/AdList';
import { Gate } from '../../../parts/Gate';
import { Merchant } from '../../../parts/Merchant';
import { OrderView } from '../../../parts/OrderView';
import { Orders } from '../../../parts/Orders';
import { PaymentMethods } from '../../../parts/PaymentMethods';
import { desktopOrderHref, P } from '../../../paths';
import styles from '../../../parts/c2c.module.css';

/** /pages/desktop/c2c — the market beside the user's orders; ?order= opens one; ?tab=merchant|methods the rest. */
export function DesktopC2cPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const order = params.get('order') ?? '';
  const tab = params.get('tab') ?? '';
  return (
    <Page title={t('c2cTitle')} subtitle={t('c2cDescription')}>
      <nav aria-label={t('c2cSections')}>
        <ul className={styles.tabs}>
          <li><AppLink className={styles.tab} href={P.desktopC2c} aria-current={!tab && !order ? 'page' : undefined}>{t('c2cMarketTitle')}</AppLink></li>
          <li><AppLink className={styles.tab} href={`${P.desktopC2c}?tab=merchant`} aria-current={tab === 'merchant' ? 'page' : undefined}>{t('c2cMerchantTitle')}</AppLink></li>
          <li><AppLink className={styles.tab} href={`${P.desktopC2c}?tab=methods`} aria-current={tab === 'methods' ? 'page' : undefined}>{t('c2cPaymentMethods')}</AppLink></li>
          <li><AppLink className={styles.tab} href={P.desktopOtc}>{t('otcTitle')}</AppLink></li>
        </ul>
      </nav>
      <BuildLabel />
      <Gate>
        <div className={styles.grid}>
          <div>
            {/^[0-9]{1,18}$/.test(order) ? <OrderView id={order} /> : tab === 'merchant' ? <Merchant /> : tab === 'methods' ? <PaymentMethods /> : <AdList orderHref={desktopOrderHref} wide />}
          </div>
          <Orders orderHref={desktopOrderHref} />
        </div>
      </Gate>
    </Page>
  );
}
