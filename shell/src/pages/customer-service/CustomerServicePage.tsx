import { useTranslation } from 'react-i18next';
import { SiteLinkPage } from './SiteLinkPage';

/**
 * Customer service (/pages/home/components/customer-service and customer-service-mobile): opens the configured
 * chat in a new tab. Logged-in users only: ShellPages wraps it in <Protected>.
 */
export function CustomerServicePage() {
  const { t } = useTranslation('shell');
  return (
    <SiteLinkPage
      link="customerServiceUrl"
      title={t('customerServiceTitle')}
      text={t('customerServiceText')}
      openLabel={t('customerServiceOpen')}
      notConfigured={t('customerServiceNotConfigured')}
      notConfiguredHint={t('customerServiceNotConfiguredHint')}
    />
  );
}

/** The company website (/pages/home/components/website-company), open to everyone. */
export function WebsiteCompanyPage() {
  const { t } = useTranslation('shell');
  return (
    <SiteLinkPage
      link="companyWebsite"
      title={t('companyWebsiteTitle')}
      text={t('companyWebsiteText')}
      openLabel={t('companyWebsiteOpen')}
      notConfigured={t('companyWebsiteNotConfigured')}
    />
  );
}
