import { useTranslation } from 'react-i18next';
import { Page } from '@meridian/shared';

export function MobileOnlyNoticePage() {
  const { t } = useTranslation('shell');
  return (
    <Page title={t('mobileOnlyTitle')}>
      <p>{t('mobileOnlyText')}</p>
    </Page>
  );
}
