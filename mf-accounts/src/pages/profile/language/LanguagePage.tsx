import { Page } from '@meridian/shared';
import { LanguagePicker } from '../../../components/LanguagePicker';
import { useT } from '../../../i18n';

/** /pages/profile/language (and /pages/desktop/language) */
export function LanguagePage() {
  const { t } = useT();
  return (
    <Page title={t('languageTitle')} subtitle={t('languageDescription')}>
      <LanguagePicker label={t('languageTitle')} />
    </Page>
  );
}
