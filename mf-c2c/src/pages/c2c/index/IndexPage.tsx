import { Page } from '@meridian/shared';
import { BuildLabel } from '../../../components/BuildLabel';
import { useT } from '../../../i18n';
import { AdList } from '../../../parts/AdList';
import { Gate } from '../../../parts/Gate';
import { Sections } from '../../../parts/Sections';
import { orderHref, P } from '../../../paths';

/** /pages/c2c/index — the peer-to-peer market: buy/sell tabs, filters, merchants' ads. */
export function C2cIndexPage() {
  const { t } = useT();
  return (
    <Page title={t('c2cTitle')} subtitle={t('c2cDescription')}>
      <Sections current={P.c2c} />
      <BuildLabel />
      <Gate>
        <AdList orderHref={orderHref} />
      </Gate>
    </Page>
  );
}
