import { Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { Gate } from '../../../parts/Gate';
import { PaymentMethods } from '../../../parts/PaymentMethods';
import { Sections } from '../../../parts/Sections';
import { P } from '../../../paths';

/** /pages/c2c/payment-methods — the user's own payment methods. */
export function C2cPaymentMethodsPage() {
  const { t } = useT();
  return (
    <Page title={t('c2cPaymentMethods')}>
      <Sections current={P.paymentMethods} />
      <Gate><PaymentMethods /></Gate>
    </Page>
  );
}
