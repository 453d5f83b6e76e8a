import { AppLink, Page } from '@meridian/shared';
import { useT } from '../../../i18n';
import { Gate } from '../../../parts/Gate';
import { OtcDesk } from '../../../parts/Otc';
import { P } from '../../../paths';

/** /pages/desktop/otc — buying and selling against the platform's desk. */
export function DesktopOtcPage() {
  const { t } = useT();
  return (
    <Page title={t('otcTitle')} subtitle={t('otcDescription')}>
      <AppLink href={P.desktopC2c}>{t('c2cTitle')}</AppLink>
      <Gate><OtcDesk /></Gate>
    </Page>
  );
}
