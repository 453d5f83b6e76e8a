import { useTranslation } from 'react-i18next';
import { Card, EmptyState, ErrorState, Page, Spinner } from '@meridian/shared';
import { openableUrl, useSiteLinks, type SiteLinks } from './site-settings';
import styles from './customer-service.module.css';

export interface SiteLinkPageProps {
  /** Which configured address the page opens. */
  link: keyof SiteLinks;
  title: string;
  text: string;
  openLabel: string;
  notConfigured: string;
  notConfiguredHint?: string;
}

/** A page that opens one address from the site settings in a new tab, or says it is not configured. */
export function SiteLinkPage({ link, title, text, openLabel, notConfigured, notConfiguredHint }: SiteLinkPageProps) {
  const { t } = useTranslation('shell');
  const { state, retry } = useSiteLinks();
  let body;
  if (state.status === 'loading') body = <Spinner />;
  else if (state.status === 'error') body = <ErrorState title={t('settingsFailed')} onRetry={retry} />;
  else {
    const url = openableUrl(state.links[link]);
    body = url ? (
      <Card>
        <p className={styles.text}>{text}</p>
        <a className={styles.open} href={url} target="_blank" rel="noopener noreferrer">
          {openLabel}
          <span className={styles.visuallyHidden}> {t('opensInNewTab')}</span>
        </a>
      </Card>
    ) : (
      <EmptyState title={notConfigured}>{notConfiguredHint ? <p>{notConfiguredHint}</p> : null}</EmptyState>
    );
  }
  return <Page title={title}>{body}</Page>;
}
