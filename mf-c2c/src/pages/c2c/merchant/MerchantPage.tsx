import { Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { Gate } from '../../../parts/Gate';
import { Merchant } from '../../../parts/Merchant';
import { Sections } from '../../../parts/Sections';
import { P } from '../../../paths';

/** /pages/c2c/merchant — the merchant application, then the merchant's ads. */
export function C2cMerchantPage() {
  const { t } = useT();
  return (
    <Page title={t('c2cMerchantTitle')}>
      <Sections current={P.merchant} />
      <Gate><Merchant /></Gate>
    </Page>
  );
}
