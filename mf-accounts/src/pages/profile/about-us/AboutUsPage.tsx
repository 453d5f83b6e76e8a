import { Link } from 'react-router-dom';
import { site } from '@meridian/contracts';
import { APP_VERSION, AppLink, Button, Card, LANGUAGES, LinkGrid, Page, loginUrl, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { isNewerVersion, settingsOf, type SiteSettings } from '../../../api/site';
import { useT } from '../../../i18n';
import { EXTERNAL, P, policyUrl } from '../../../paths';
import profileStyles from '../components/profile.module.css';
import styles from './about-us.module.css';

type SettingsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; settings: SiteSettings };

function useSiteSettings(): { state: SettingsState; retry: () => void } {
  const query = useApiQuery(site.settings, undefined, { select: settingsOf });
  const state: SettingsState = query.data ? { status: 'ready', settings: query.data } : query.isError ? { status: 'failed' } : { status: 'loading' };
  return { state, retry: () => void query.refetch() };
}

/**
 * /pages/profile/about-us: what Meridian is and what it commits to, this app's version (shared APP_VERSION,
 * the running shell's), what the site settings say (the latest release, the languages, whether customer
 * service and a company website are configured), and the policies and the help centre.
 */
export function AboutUsPage() {
  const { t, tc } = useT();
  const { state, retry } = useSiteSettings();
  const links = [
    { href: policyUrl('user'), title: t('userPolicyTitle') },
    { href: policyUrl('privacy'), title: t('privacyPolicyTitle') },
    { href: P.helperCenter, title: t('helperCenterTitle') },
  ];
  return (
    <div className={styles.wide}>
      <Page title={t('aboutUsTitle')} subtitle={t('aboutUsDescription')}>
        <Card className={styles.card}>
          <h2 className={styles.title}>{t('aboutWhatTitle')}</h2>
          <p className={styles.text}>{t('aboutWhatText')}</p>
        </Card>
        <Card className={styles.card}>
          <h2 className={styles.title}>{t('aboutAppTitle')}</h2>
          <dl className={styles.facts} data-testid="about-facts">
            <dt>{t('aboutVersionLabel')}</dt>
            <dd className={styles.version} data-testid="about-version">
              {APP_VERSION}
            </dd>
            {state.status === 'ready' ? <SettingsFacts settings={state.settings} /> : null}
          </dl>
          {state.status === 'loading' ? (
            <p className={styles.muted} role="status">
              {tc('loading')}
            </p>
          ) : null}
          {state.status === 'failed' ? (
            <div className={styles.failed} role="alert">
              <span>{t('aboutSettingsFailed')}</span>
              <Button variant="secondary" onClick={retry}>
                {tc('retry')}
              </Button>
            </div>
          ) : null}
          {state.status === 'ready' && isNewerVersion(state.settings.appVersion, APP_VERSION) ? (
            <p className={styles.notice} data-testid="about-update">
              {t('aboutUpdateHint')}
            </p>
          ) : null}
        </Card>
        <Card className={styles.card}>
          <h2 className={styles.title}>{t('aboutCommitmentsTitle')}</h2>
          <ul className={styles.commitments}>
            <li>{t('aboutCommitmentPrices')}</li>
            <li>{t('aboutCommitmentTerms')}</li>
            <li>{t('aboutCommitmentOperators')}</li>
            <li>{t('aboutCommitmentFees')}</li>
          </ul>
        </Card>
        <section className={profileStyles.section}>
          <h2 className={profileStyles.sectionTitle}>{t('aboutLinksTitle')}</h2>
          <LinkGrid label={t('aboutLinksTitle')} links={links} />
        </section>
        <Link className={profileStyles.link} to={P.profile}>
          {tc('backTo', { area: t('profileTitle') })}
        </Link>
      </Page>
    </div>
  );
}

function SettingsFacts({ settings }: { settings: SiteSettings }) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const languages = LANGUAGES.filter((language) => settings.languages.includes(language.code));
  return (
    <>
      {settings.appVersion ? (
        <>
          <dt>{t('aboutLatestLabel')}</dt>
          <dd className={styles.version} data-testid="about-latest">
            {settings.appVersion}
          </dd>
        </>
      ) : null}
      {languages.length > 0 ? (
        <>
          <dt>{t('aboutLanguagesLabel')}</dt>
          <dd className={styles.languages} data-testid="about-languages">
            {languages.map((language) => (
              <span key={language.code} lang={language.htmlLang}>
                {language.label}
              </span>
            ))}
          </dd>
        </>
      ) : null}
      <dt>{t('aboutCustomerServiceLabel')}</dt>
      <dd data-testid="about-customer-service">
        {!settings.customerServiceUrl ? (
          <span className={styles.muted}>{t('aboutNotConfigured')}</span>
        ) : loggedIn ? (
          <AppLink className={styles.link} href={EXTERNAL.customerService}>
            {t('faqContactLink')}
          </AppLink>
        ) : (
          <Link className={styles.link} to={loginUrl(EXTERNAL.customerService)}>
            {t('faqContactLogin')}
          </Link>
        )}
      </dd>
      <dt>{t('aboutWebsiteLabel')}</dt>
      <dd data-testid="about-website">
        {settings.companyWebsite ? (
          <AppLink className={styles.link} href={EXTERNAL.websiteCompany}>
            {t('aboutOpenWebsite')}
          </AppLink>
        ) : (
          <span className={styles.muted}>{t('aboutNotConfigured')}</span>
        )}
      </dd>
    </>
  );
}
