import { useTranslation } from 'react-i18next';
import styles from './notice.module.css';

/** Wide windows land here while the mobile-only flag is on (the default). */
export function MobileOnlyNoticePage() {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="page-title">
        <svg className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
          <path d="M10.5 18.5h3" strokeLinecap="round" />
        </svg>
        <h1 id="page-title" className={styles.title}>
          {t('mobileOnlyTitle')}
        </h1>
        <p className={styles.text}>{t('mobileOnlyText')}</p>
      </section>
    </div>
  );
}
