import { useTranslation } from 'react-i18next';
import { AppLink, Page } from '@meridian/shared';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <Page title={t('notFoundTitle')} subtitle={t('notFoundText')}>
      <AppLink href="/pages/home/index">{t('goHome')}</AppLink>
    </Page>
  );
}
