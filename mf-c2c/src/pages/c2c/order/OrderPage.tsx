import { useSearchParams } from 'react-router-dom';
import { NotFoundState, Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { Gate } from '../../../parts/Gate';
import { OrderView } from '../../../parts/OrderView';
import { Sections } from '../../../parts/Sections';
import { P } from '../../../paths';

/** /pages/c2c/order?id= — one order: timer, payment details, steps, chat, actions. */
export function C2cOrderPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <Page title={t('c2cOrderTitle')}>
      <Sections current={P.orders} />
      <Gate>{/^[0-9]{1,18}$/.test(id) ? <OrderView id={id} /> : <NotFoundState title={t('c2cOrderMissing')} />}</Gate>
    </Page>
  );
}
