import { Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { Gate } from '../../../parts/Gate';
import { Orders } from '../../../parts/Orders';
import { Sections } from '../../../parts/Sections';
import { orderHref, P } from '../../../paths';

/** /pages/c2c/orders — the user's C2C orders. */
export function C2cOrdersPage() {
  const { t } = useT();
  return (
    <Page title={t('c2cMyOrders')}>
      <Sections current={P.orders} />
      <Gate><Orders orderHref={orderHref} /></Gate>
    </Page>
  );
}
